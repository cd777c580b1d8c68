import { randomUUID } from "node:crypto";
import { parseHTML } from "linkedom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvedReplies } from "~/features/fediverse/desk-replies.ts";
import { RepliesList } from "~/features/fediverse/ui/replies-list.tsx";
import { buildArticle } from "../support/builders.ts";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { postReply } from "../support/fediverse-reply.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { readUntil } from "../support/until.ts";

/**
 * Replies to replies, signed as Mastodon signs them, into the real inbox: a reply to a stored reply of one of
 * our articles is stored for that article, threaded under its top-level reply (a reply to a reply of a reply
 * too: one level of nesting), and the page shows it indented under that reply once both are approved.
 */
let site: FediverseSite;
let masto: FakeMastodon;
let articleId: string;
let slug: string;
beforeAll(async () => {
  site = await startFediverseSite("threads");
  masto = await startFakeMastodon(["alice", "bob", "carol"]);
  const article = await buildArticle(site.db, {
    slug: `hilos-${randomUUID().slice(0, 6)}`,
    title_es: "Conversación sobre la ley de IA",
    published_at: new Date(),
    status: "published",
  });
  articleId = article.id;
  slug = article.slug;
});
afterAll(async () => {
  await Promise.all([site?.close(), masto?.close()]);
});

const statusId = () => `${masto.origin}/statuses/${randomUUID()}`;
/** A reply by `user` to `inReplyTo`, signed by that user and posted to the shared inbox. */
async function reply(user: string, noteId: string, inReplyTo: string, content: string, published: string) {
  const res = await postReply(masto, `${site.origin}/ap/inbox`, { user, noteId, inReplyTo, content, published });
  expect(res.status).toBe(202);
}
const stored = (noteId: string) =>
  readUntil(
    () => site.db.fediverseReply.findUnique({ where: { object_uri: noteId } }),
    (r) => r !== null,
  );
const approve = (id: string) => site.db.fediverseReply.update({ where: { id }, data: { status: "approved" } });

describe("replies to replies", () => {
  it("attach to the article under their top-level reply and show nested under it", { timeout: 120_000 }, async () => {
    const top = statusId();
    await reply("alice", top, `${site.origin}/ap/articles/es/${articleId}`, "<p>Primera</p>", "2026-12-01T10:00:00Z");
    const first = await stored(top);
    await approve(first!.id);

    const answer = statusId();
    await reply("bob", answer, top, "<p>Respuesta de Bob</p>", "2026-12-01T11:00:00Z");
    const second = await stored(answer);
    expect(second).toMatchObject({ article_id: articleId, locale: "es", status: "pending", thread_id: first!.id });
    expect(second!.author_handle).toBe(`@bob@${new URL(masto.origin).host}`);

    // A reply to the reply's reply: flattened under the top-level one.
    const deeper = statusId();
    await reply("carol", deeper, answer, "<p>Y Carol</p>", "2026-12-01T12:00:00Z");
    const third = await stored(deeper);
    expect(third).toMatchObject({ article_id: articleId, locale: "es", thread_id: first!.id });

    // A second top-level reply, later than the answers: the answers stay under the first.
    const later = statusId();
    await reply("carol", later, `${site.origin}/noticias/${slug}`, "<p>Otra</p>", "2026-12-01T13:00:00Z");
    await approve((await stored(later))!.id);
    await approve(second!.id);
    await approve(third!.id);

    const texts = { title: "Respuestas", intro: "Desde el fediverso", by: (h: string) => `Respuesta de ${h}` };
    const html = renderToStaticMarkup(
      createElement(RepliesList, { replies: await approvedReplies(site.db, slug, "es"), texts }),
    );
    const { document } = parseHTML(`<html><body>${html}</body></html>`);
    const topLevel = [...document.querySelectorAll("[data-testid=fediverse-replies] > ol > li")];
    expect(topLevel.map((li) => li.querySelector(".prose-article")?.textContent)).toEqual(["Primera", "Otra"]);
    const nested = [...topLevel[0]!.querySelectorAll("ol li")];
    expect(nested.map((li) => li.querySelector(".prose-article")?.textContent)).toEqual([
      "Respuesta de Bob",
      "Y Carol",
    ]);
    expect(nested[0]!.querySelector("a")?.textContent).toBe(`@bob@${new URL(masto.origin).host}`);
    expect(topLevel[1]!.querySelectorAll("ol li")).toHaveLength(0);
  });

  it("an answer whose top-level reply is not shown shows on its own; replies to unknown or rejected notes are not stored", {
    timeout: 120_000,
  }, async () => {
    const top = statusId();
    await reply("alice", top, `${site.origin}/ap/articles/es/${articleId}`, "<p>Pendiente</p>", "2026-12-02T10:00:00Z");
    const pending = await stored(top);
    const answer = statusId();
    // The answer arrives before the desk decided on its parent: kept, threaded, waiting too.
    await reply("bob", answer, top, "<p>Contesta a una pendiente</p>", "2026-12-02T11:00:00Z");
    const child = await stored(answer);
    expect(child).toMatchObject({ thread_id: pending!.id, status: "pending" });
    await approve(child!.id);
    const shown = await approvedReplies(site.db, slug, "es");
    expect(shown.map((r) => r.content)).toContain("<p>Contesta a una pendiente</p>");

    await site.db.fediverseReply.update({ where: { id: pending!.id }, data: { status: "rejected" } });
    const before = await site.db.fediverseReply.count();
    const seen = () => site.db.fediverseActivity.count({ where: { actor_uri: masto.actorOf("carol") } });
    const seenBefore = await seen();
    await reply("carol", statusId(), top, "<p>A una rechazada</p>", "2026-12-02T12:00:00Z");
    await reply("carol", statusId(), `${masto.origin}/statuses/unknown`, "<p>A nadie</p>", "2026-12-02T12:00:00Z");
    // Both activities were recorded as seen (and not stored): the count is settled once they are.
    await readUntil(seen, (n) => n === seenBefore + 2);
    expect(await site.db.fediverseReply.count()).toBe(before);
  });
});
