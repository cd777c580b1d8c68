import { randomUUID } from "node:crypto";
import { Article, Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { publishedArticleById } from "~/features/articles/index.ts";
import type { ArticleEvent } from "~/platform/events/article-events.ts";
import { locales } from "~/platform/i18n/locales.ts";
import { actorOf } from "./actors.ts";
import { articleObject } from "./article-object.ts";
import type { FediverseData } from "./context.ts";
import type { Fediverse } from "./federation.ts";
import { noteObject } from "./note-object.ts";
import { fediverseSwitches, switchesEverSaved } from "./switches.ts";

/** What happened to an article, as the desk tells it (src/platform/events/article-events.ts). */
export type ArticleAnnouncement = ArticleEvent;

/**
 * Sends an article's change to the followers of each language's actor, through Fedify's queue (the jobs
 * port): Create(Article) on publication, Update(Article) with the correction note, Delete(Tombstone) on
 * unpublishing or deletion. Only a published article is ever sent: a Create or Update of one that is not (any
 * more) published sends nothing. English goes out only for an article with an English title. In private mode
 * nothing is sent. With the Note setting the object is the Note teaser (its own id, /ap/notes/…). A removed
 * article's row is gone, so which form it went out in is unknown once the operator has saved the switches: the
 * Delete then names both ids (a server ignores the one it never saw).
 */
export async function announceArticle(
  federation: Fediverse,
  data: FediverseData,
  origin: string,
  a: ArticleAnnouncement,
  /** The announcing job's run id: an attempt run again (after a crash) mints the same activity ids. */
  runKey: string = randomUUID(),
) {
  const ctx = federation.createContext(new URL(origin), data);
  const switches = await fediverseSwitches(data.db);
  if (switches.privateMode) return { sent: 0 };
  const row = a.kind === "removed" ? null : await publishedArticleById(data.db, a.articleId);
  if (a.kind !== "removed" && !row) return { sent: 0 };
  const note = switches.noteTeaser;
  const uriOf = (asNote: boolean, locale: "es" | "en") =>
    asNote
      ? ctx.getObjectUri(Note, { locale, id: a.articleId })
      : ctx.getObjectUri(Article, { locale, id: a.articleId });
  const shape = note ? noteObject : articleObject;
  const bothForms = a.kind === "removed" && (await switchesEverSaved(data.db));
  let sent = 0;
  for (const locale of locales) {
    if (row && locale === "en" && !row.title_en) continue;
    const actor = actorOf(locale);
    const objectId = uriOf(note, locale);
    const ids = { id: objectId, attribution: ctx.getActorUri(actor), followers: ctx.getFollowersUri(actor) };
    const activityId = new URL(`${objectId.href}#${a.kind}-${runKey}`);
    const common = { id: activityId, actor: ids.attribution, to: PUBLIC_COLLECTION, cc: ids.followers };
    const activity = row
      ? a.kind === "published"
        ? new Create({ ...common, object: shape(row, locale, origin, ids) })
        : new Update({ ...common, object: shape(row, locale, origin, ids, a.note?.[locale] ?? a.note?.es) })
      : new Delete({ ...common, object: new Tombstone({ id: objectId, deleted: Temporal.Now.instant() }) });
    await ctx.sendActivity({ identifier: actor }, "followers", activity, { preferSharedInbox: true });
    sent += 1;
    if (!row && bothForms) {
      const otherId = uriOf(!note, locale);
      const other = new Tombstone({ id: otherId, deleted: Temporal.Now.instant() });
      const del = new Delete({ ...common, id: new URL(`${otherId.href}#removed-${randomUUID()}`), object: other });
      await ctx.sendActivity({ identifier: actor }, "followers", del, { preferSharedInbox: true });
      sent += 1;
    }
  }
  return { sent };
}
