import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon.ts";
import { type FediverseSite, startFediverseSite } from "../support/fediverse-site.ts";
import { readUntil } from "../support/until.ts";

/**
 * Replies, likes and boosts from Mastodon into the real inbox, signed with draft-cavage by the test: a reply to
 * one of our articles (its object id or its page URL) is stored sanitised and pending; its Update edits it,
 * its Delete (or its author's) removes it; likes and boosts count once per activity and Undo takes them back.
 */
let site: FediverseSite;
let masto: FakeMastodon;
let articleId: string;
let slug: string;
beforeAll(async () => {
  site = await startFediverseSite("replies");
  masto = await startFakeMastodon();
  slug = `ley-ia-${randomUUID().slice(0, 6)}`;
  const article = await site.db.article.create({
    data: {
      slug,
      title_es: "La ley de IA entra en vigor",
      title_en: "The AI Act takes effect",
      summary_es: "El reglamento europeo se aplica desde hoy.",
      body_es: "Primer párrafo.",
      date: new Date(),
      published_at: new Date(),
      status: "published",
    },
  });
  articleId = article.id;
});
afterAll(async () => {
  await site?.close();
  await masto?.close();
});

const CONTEXT = "https://www.w3.org/ns/activitystreams";
const inbox = () => `${site.origin}/ap/inbox`;
const objectId = (locale = "es") => `${site.origin}/ap/articles/${locale}/${articleId}`;
const note = (id: string, inReplyTo: string, content: string) => ({
  id,
  type: "Note",
  attributedTo: masto.actorId,
  inReplyTo,
  content,
  published: "2026-12-01T10:00:00Z",
  to: [`${CONTEXT}#Public`],
});
const activity = (type: string, object: unknown, id = `${masto.origin}/activities/${randomUUID()}`) =>
  JSON.stringify({ "@context": CONTEXT, id, type, actor: masto.actorId, object });
const post = (body: string) => fetch(masto.signedPost(inbox(), body));
const replyRow = (noteId: string) => site.db.fediverseReply.findUnique({ where: { object_uri: noteId } });
const counts = async () => ({
  replies: await site.db.fediverseReply.count(),
  reactions: await site.db.fediverseReaction.count(),
  activities: await site.db.fediverseActivity.count(),
});
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe("replies from the fediverse", () => {
  it("a reply with script, handlers and javascript: links is stored sanitised and pending; its replay once", {
    timeout: 120_000,
  }, async () => {
    const noteId = `${masto.origin}/statuses/${randomUUID()}`;
    const hostile =
      '<p>Buen artículo <script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">clic</a> <a href="https://example.org/fuente" onclick="x()">fuente</a></p>';
    const body = activity("Create", note(noteId, objectId(), hostile));
    expect((await post(body)).status).toBe(202);
    const row = await readUntil(
      () => replyRow(noteId),
      (r) => r !== null,
    );
    expect(row).toMatchObject({
      article_id: articleId,
      locale: "es",
      author_uri: masto.actorId,
      author_handle: `@alice@${new URL(masto.origin).host}`,
      author_url: `${masto.origin}/@alice`,
      status: "pending",
    });
    expect(row!.content).toContain("Buen artículo");
    expect(row!.content).toContain('href="https://example.org/fuente"');
    expect(row!.content).toContain('rel="nofollow ugc noopener"');
    expect(row!.content).not.toMatch(/<script|onerror|onclick|javascript:|alert\(1\)|<img/i);

    // The same signed Create again: still one row.
    expect((await post(body)).status).toBe(202);
    await settle();
    expect(await site.db.fediverseReply.count({ where: { object_uri: noteId } })).toBe(1);
  });

  it("an Update edits the reply and sends it back to pending; a Delete of the Note removes it", {
    timeout: 120_000,
  }, async () => {
    const noteId = `${masto.origin}/statuses/${randomUUID()}`;
    await post(activity("Create", note(noteId, `${site.origin}/en/noticias/${slug}`, "<p>First take</p>")));
    const row = await readUntil(
      () => replyRow(noteId),
      (r) => r !== null,
    );
    expect(row!.locale).toBe("en");
    await site.db.fediverseReply.update({ where: { id: row!.id }, data: { status: "approved", decided_by: "ed" } });

    await post(activity("Update", note(noteId, objectId("en"), "<p>Second take</p>")));
    const edited = await readUntil(
      () => replyRow(noteId),
      (r) => r?.content.includes("Second take") === true,
    );
    expect(edited).toMatchObject({ status: "pending", decided_by: null });

    await post(activity("Delete", { id: noteId, type: "Tombstone" }));
    await readUntil(
      () => replyRow(noteId),
      (r) => r === null,
    );
  });

  it("replies to an unknown, unpublished or foreign object store nothing", { timeout: 120_000 }, async () => {
    const draft = await site.db.article.create({
      data: {
        slug: `borrador-${randomUUID().slice(0, 6)}`,
        title_es: "B",
        summary_es: "B",
        body_es: "B",
        date: new Date(),
      },
    });
    const before = await counts();
    const targets = [
      `${site.origin}/ap/articles/es/${randomUUID()}`,
      `${site.origin}/ap/articles/es/${draft.id}`,
      `${site.origin}/noticias/${draft.slug}`,
      `${site.origin}/ap/articles/en/${draft.id}`,
      `${masto.origin}/statuses/someone-else`,
    ];
    for (const target of targets) {
      const res = await post(activity("Create", note(`${masto.origin}/statuses/${randomUUID()}`, target, "<p>x</p>")));
      expect(res.status).toBe(202);
    }
    await settle();
    const after = await counts();
    expect(after.replies).toBe(before.replies);
  });

  it("likes and boosts count once per activity; Undo takes them back", { timeout: 120_000 }, async () => {
    const likeId = `${masto.origin}/likes/${randomUUID()}`;
    const like = activity("Like", objectId(), likeId);
    await post(like);
    await post(like);
    await post(activity("Announce", objectId("en")));
    const reactions = () => site.db.fediverseReaction.findMany({ where: { article_id: articleId } });
    await readUntil(reactions, (r) => r.length === 2);
    await settle();
    expect((await reactions()).map((r) => r.kind).sort()).toEqual(["boost", "like"]);

    await post(activity("Undo", { id: likeId, type: "Like", actor: masto.actorId, object: objectId() }));
    await readUntil(reactions, (r) => r.length === 1 && r[0]!.kind === "boost");
  });

  it("a Delete of the actor removes its replies and reactions", { timeout: 120_000 }, async () => {
    const noteId = `${masto.origin}/statuses/${randomUUID()}`;
    await post(activity("Create", note(noteId, objectId(), "<p>Adiós</p>")));
    await readUntil(
      () => replyRow(noteId),
      (r) => r !== null,
    );
    await post(activity("Delete", masto.actorId));
    await readUntil(
      async () => (await site.db.fediverseReply.count()) + (await site.db.fediverseReaction.count()),
      (n) => n === 0,
    );
  });
});

describe("hostile replies", () => {
  const reply = (content = "<p>hola</p>") =>
    activity("Create", note(`${masto.origin}/statuses/${randomUUID()}`, objectId(), content));

  it("unsigned or signed with another key: 401, nothing stored", async () => {
    const before = await counts();
    const unsigned = await fetch(inbox(), {
      method: "POST",
      headers: { "content-type": "application/activity+json" },
      body: reply(),
    });
    expect(unsigned.status).toBe(401);
    const { generateKeyPairSync } = await import("node:crypto");
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    expect((await fetch(masto.signedPost(inbox(), reply(), { key: stranger }))).status).toBe(401);
    await settle();
    expect(await counts()).toEqual(before);
  });

  it("an oversized body (over 256 kB): 413, nothing stored", async () => {
    const before = await counts();
    const res = await post(reply(`<p>${"a".repeat(300 * 1024)}</p>`));
    expect(res.status).toBe(413);
    await settle();
    expect(await counts()).toEqual(before);
  });

  it("JSON-LD nested 10,000 levels deep: a clear 400, no crash, nothing stored", async () => {
    const before = await counts();
    const depth = 10_000;
    const nested = `${'{"type":"Note","content":'.repeat(depth)}"fondo"${"}".repeat(depth)}`;
    const res = await post(reply().replace('"content":"<p>hola</p>"', `"content":${nested}`));
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/nest/i);
    await settle();
    expect(await counts()).toEqual(before);
    // The inbox still answers afterwards.
    expect((await post(reply())).status).toBe(202);
  });
});
