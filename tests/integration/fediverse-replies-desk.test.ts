import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fediverseRepliesContent } from "~/features/fediverse/public-replies.ts";
import { RepliesList } from "~/features/fediverse/ui/replies-list.tsx";
import { db } from "~/platform/db/db.ts";
import { loadMessages } from "~/platform/i18n/messages.ts";
import { restAdmin } from "../support/rest-admin.ts";

/**
 * "Respuestas del fediverso" through the REST API an editor's browser uses: the pending list, approve and
 * reject (audited, a 409 for a decision already taken, a 400 naming the field), what the article page then
 * reads in each language, and the reactions table of Estadísticas.
 */
async function articleWithReplies() {
  const slug = `respuestas-${randomUUID().slice(0, 8)}`;
  const article = await db.article.create({
    data: {
      slug,
      title_es: "Artículo con respuestas",
      title_en: "Article with replies",
      summary_es: "R",
      body_es: "Cuerpo",
      date: new Date(),
      published_at: new Date(),
      status: "published",
    },
  });
  const reply = (locale: string, content: string) =>
    db.fediverseReply.create({
      data: {
        object_uri: `https://mastodon.example/statuses/${randomUUID()}`,
        activity_uri: `https://mastodon.example/activities/${randomUUID()}`,
        article_id: article.id,
        locale,
        author_uri: "https://mastodon.example/users/alice",
        author_handle: "@alice@mastodon.example",
        author_url: "https://mastodon.example/@alice",
        content,
        published: new Date("2026-12-01T10:00:00Z"),
      },
    });
  return { article, es: await reply("es", "<p>Muy claro</p>"), en: await reply("en", "<p>Very clear</p>") };
}

describe("fediverse replies at the desk", () => {
  it("lists pending replies; approving shows one under its article in its language, rejecting hides it", async () => {
    const { call } = await restAdmin(`desk-${randomUUID().slice(0, 8)}`);
    const { article, es, en } = await articleWithReplies();
    const list = await (await call("GET", "/admin/fediverse-replies?status=pending&pageSize=200")).json();
    const mine = list.items.filter((r: { article: { slug: string } }) => r.article.slug === article.slug);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      author_handle: "@alice@mastodon.example",
      author_url: "https://mastodon.example/@alice",
    });
    expect(await fediverseRepliesContent(article.slug, "es")).toEqual([]);

    expect((await call("POST", `/admin/fediverse-replies/${es.id}/approve`)).status).toBe(200);
    const shownEs = await fediverseRepliesContent(article.slug, "es");
    expect(shownEs.map((r) => r.content)).toEqual(["<p>Muy claro</p>"]);
    expect(shownEs[0]).toMatchObject({ author_handle: "@alice@mastodon.example" });
    expect(await fediverseRepliesContent(article.slug, "en")).toEqual([]);

    const again = await call("POST", `/admin/fediverse-replies/${es.id}/approve`);
    expect(again.status).toBe(409);
    expect((await again.json()).field).toBe("id");

    expect((await call("POST", `/admin/fediverse-replies/${en.id}/approve`)).status).toBe(200);
    expect((await fediverseRepliesContent(article.slug, "en")).map((r) => r.content)).toEqual(["<p>Very clear</p>"]);

    expect((await call("POST", `/admin/fediverse-replies/${es.id}/reject`)).status).toBe(200);
    expect(await fediverseRepliesContent(article.slug, "es")).toEqual([]);
    const rejected = await db.fediverseReply.findUniqueOrThrow({ where: { id: es.id } });
    expect(rejected).toMatchObject({ status: "rejected", decided_by: expect.stringMatching(/^desk-/) });

    const audit = await db.auditEntry.findMany({ where: { target_type: "fediverse_reply", target_id: es.id } });
    expect(audit.map((e) => `${e.action}:${e.outcome}`).sort()).toEqual([
      "fediverse_reply.approve:failure",
      "fediverse_reply.approve:success",
      "fediverse_reply.reject:success",
    ]);
  });

  it("the article page's replies section: handle linked nofollow ugc, the words sanitised even if stored raw", async () => {
    const { call } = await restAdmin(`desk-${randomUUID().slice(0, 8)}`);
    const { article, en } = await articleWithReplies();
    // A row written under older rules (or by hand): the page must not trust it.
    await db.fediverseReply.update({
      where: { id: en.id },
      data: {
        content:
          '<p>Fine<script>alert(1)</script><img src=x onerror="alert(2)"><a href="https://x.example/a">src</a></p>',
      },
    });
    expect((await call("POST", `/admin/fediverse-replies/${en.id}/approve`)).status).toBe(200);
    const messages = (await loadMessages("en")) as { fediverseReplies: { title: string; intro: string } };
    const texts = { ...messages.fediverseReplies, by: (handle: string) => `Reply by ${handle}` };
    const html = renderToStaticMarkup(
      createElement(RepliesList, { replies: await fediverseRepliesContent(article.slug, "en"), texts }),
    );
    expect(html).toContain("Replies from the fediverse");
    expect(html).toContain('<a href="https://mastodon.example/@alice" rel="nofollow ugc noopener" target="_blank"');
    expect(html).toContain(">@alice@mastodon.example</a>");
    expect(html).toContain('<a href="https://x.example/a" rel="nofollow ugc noopener" target="_blank">src</a>');
    expect(html).not.toMatch(/<script|onerror|<img|alert\(/);
  });

  it("bad input: 400 naming the field, an unknown id 404, nothing changed", async () => {
    const { call } = await restAdmin(`desk-${randomUUID().slice(0, 8)}`);
    const badStatus = await call("GET", "/admin/fediverse-replies?status=lost");
    expect(badStatus.status).toBe(400);
    expect(await badStatus.text()).toContain("status");
    const longId = await call("POST", `/admin/fediverse-replies/${"x".repeat(80)}/approve`);
    expect(longId.status).toBe(400);
    expect((await longId.json()).field).toBe("id");
    expect((await call("POST", "/admin/fediverse-replies/nope/reject")).status).toBe(404);
  });

  it("Estadísticas: likes, boosts and (not rejected) replies per article", async () => {
    const { call } = await restAdmin(`desk-${randomUUID().slice(0, 8)}`);
    const { article, es } = await articleWithReplies();
    await db.fediverseReply.update({ where: { id: es.id }, data: { status: "rejected" } });
    const reaction = (kind: string) => ({
      activity_uri: `https://mastodon.example/activities/${randomUUID()}`,
      kind,
      article_id: article.id,
      locale: "es",
      actor_uri: "https://mastodon.example/users/bob",
    });
    await db.fediverseReaction.createMany({ data: [reaction("like"), reaction("like"), reaction("boost")] });
    const stats = await (await call("GET", "/admin/fediverse-reactions")).json();
    const row = stats.items.find((i: { slug: string }) => i.slug === article.slug);
    expect(row).toEqual({ slug: article.slug, title_es: article.title_es, likes: 2, boosts: 1, replies: 1 });
  });
});
