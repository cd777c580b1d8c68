import type { DbClient } from "~/platform/db/client.ts";
import { isLocale } from "~/platform/i18n/locales.ts";
import type { ArticleTarget } from "./article-target.ts";

export interface IncomingReply {
  objectUri: string;
  activityUri: string;
  target: ArticleTarget;
  authorUri: string;
  authorHandle: string;
  authorUrl: string;
  content: string;
  published: Date;
}

/**
 * Stores a new reply as pending, or edits a known one (an Update, or a Create seen again): an edit goes back
 * to pending, since the desk approved other words. Returns whether the article's page showed the old version.
 */
export async function saveReply(db: DbClient, r: IncomingReply, edit: boolean): Promise<{ wasApproved: boolean }> {
  const existing = await db.fediverseReply.findUnique({ where: { object_uri: r.objectUri } });
  if (existing) {
    // Only the reply's own author may edit it; a Create seen again changes nothing.
    if (!edit || existing.author_uri !== r.authorUri) return { wasApproved: false };
    await db.fediverseReply.update({
      where: { id: existing.id },
      data: { content: r.content, status: "pending", decided_by: null, decided_at: null },
    });
    return { wasApproved: existing.status === "approved" };
  }
  await db.fediverseReply.createMany({
    data: [
      {
        object_uri: r.objectUri,
        activity_uri: r.activityUri,
        article_id: r.target.articleId,
        locale: r.target.locale,
        author_uri: r.authorUri,
        author_handle: r.authorHandle,
        author_url: r.authorUrl,
        content: r.content,
        published: r.published,
        thread_id: r.target.threadId ?? null,
      },
    ],
    skipDuplicates: true,
  });
  return { wasApproved: false };
}

/**
 * A reply to one of our stored replies (a Note's inReplyTo): the article and language of that reply, and the
 * top-level reply of its thread (deeper answers are flattened under it). A reply the desk rejected, or one of an
 * article no longer published, takes no answers. An answer may arrive before the desk decided on its parent:
 * it is kept, pending, like any reply.
 */
export async function threadTarget(db: DbClient, uri: URL | null): Promise<ArticleTarget | null> {
  if (!uri) return null;
  const parent = await db.fediverseReply.findUnique({
    where: { object_uri: uri.href },
    select: {
      id: true,
      thread_id: true,
      status: true,
      locale: true,
      article: { select: { id: true, slug: true, status: true } },
    },
  });
  if (!parent || parent.status === "rejected" || parent.article.status !== "published" || !isLocale(parent.locale)) {
    return null;
  }
  return {
    articleId: parent.article.id,
    slug: parent.article.slug,
    locale: parent.locale,
    threadId: parent.thread_id ?? parent.id,
  };
}

/**
 * A Delete: of one Note (only by its author), or of the actor itself (every reply and reaction of it). Returns
 * the slugs of the articles whose pages showed a removed reply.
 */
export async function removeByAuthor(db: DbClient, authorUri: string, objectUri: string | null): Promise<string[]> {
  const where = objectUri ? { author_uri: authorUri, object_uri: objectUri } : { author_uri: authorUri };
  const shown = await db.fediverseReply.findMany({
    where: { ...where, status: "approved" },
    select: { article: { select: { slug: true } } },
  });
  await db.fediverseReply.deleteMany({ where });
  if (!objectUri) await db.fediverseReaction.deleteMany({ where: { actor_uri: authorUri } });
  return [...new Set(shown.map((r) => r.article.slug))];
}

export type ReactionKind = "like" | "boost";

/** A Like or Announce of an article, once per activity id. */
export async function addReaction(
  db: DbClient,
  r: { activityUri: string; kind: ReactionKind; target: ArticleTarget; actorUri: string },
): Promise<void> {
  await db.fediverseReaction.createMany({
    data: [
      {
        activity_uri: r.activityUri,
        kind: r.kind,
        article_id: r.target.articleId,
        locale: r.target.locale,
        actor_uri: r.actorUri,
      },
    ],
    skipDuplicates: true,
  });
}

/** Undo(Like) / Undo(Announce): only the reaction's own actor takes it back. Returns how many went. */
export async function removeReaction(db: DbClient, activityUri: string, actorUri: string): Promise<number> {
  const { count } = await db.fediverseReaction.deleteMany({
    where: { activity_uri: activityUri, actor_uri: actorUri },
  });
  return count;
}
