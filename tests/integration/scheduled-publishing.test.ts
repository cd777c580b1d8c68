import { afterEach, describe, expect, it } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

// publishDueArticles publishes every due article of its database: a database of this file's own, so other
// files' scheduled articles (in the shared one) are neither published here nor able to disturb the counts.
const database = await createPrivateDatabase("sched");
const { db } = await import("~/platform/db/db.ts");
const { listArticles, getPublishedArticle, listPublishedArticleRefs } = await import("~/features/articles/reads.ts");
const { publishDueArticles } = await import("~/features/publications/schedule.ts");
const { searchContent } = await import("~/features/search/search.ts");
const { jobs } = await import("~/server/job-list.ts");
const { runJob } = await import("../support/jobs.ts");
const { handleRest } = await import("~/server/rest/handler.ts");
const { restAdmin } = await import("../support/rest-admin.ts");
await expectAppOn(db, database.name);

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Next's server-side data cache as a job reaches it (expireOutsideRequest in src/platform/cache/expire-tags.ts). */
const expired: string[][] = [];
const g = globalThis as { __incrementalCache?: unknown };
g.__incrementalCache = {
  cacheHandler: {},
  revalidateTag: async (tags: string[]) => {
    expired.push(tags);
  },
};
afterEach(() => {
  expired.length = 0;
});

async function draft(suffix: string) {
  return buildArticle(db, {
    slug: `sched-${suffix}-${unique}`,
    title_es: `Programado ${suffix} ${unique}`,
    topics: ["regulacion"],
    is_agent: true,
    review_required: true,
  });
}

async function isPublic(slug: string) {
  const listed = await listArticles(db, { limit: 50 });
  const refs = await listPublishedArticleRefs(db);
  return {
    page: Boolean(await getPublishedArticle(db, slug)),
    list: listed.items.some((a) => a.slug === slug),
    sitemap: refs.some((r) => r.slug === slug),
  };
}

describe("scheduled publishing", () => {
  it("approve with a future publish_at keeps the article out of public reads until the job publishes it", async () => {
    const { call, user } = await restAdmin(`sch-${unique}`);
    const a = await draft("a");
    const at = new Date(Date.now() + 86_400_000);
    const res = await call("PUT", `/articles/${a.slug}`, { status: "published", publish_at: at.toISOString() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "draft", review_required: false });
    expect((await db.article.findUniqueOrThrow({ where: { slug: a.slug } })).publish_at).toEqual(at);
    expect(await isPublic(a.slug)).toEqual({ page: false, list: false, sitemap: false });
    expect((await handleRest(new Request(`http://localhost/api/articles/${a.slug}`))).status).toBe(404);
    const search = await searchContent(db, { q: `Programado a ${unique}`, locale: "es" });
    expect(JSON.stringify(search)).not.toContain(a.slug);

    // Not due yet: nothing happens.
    expect((await publishDueArticles(db, new Date(at.getTime() - 1000))).published).not.toContain(a.slug);
    expect(expired).toEqual([]);

    const run = await publishDueArticles(db, new Date(at.getTime() + 1000));
    expect(run.published).toEqual([a.slug]);
    const row = await db.article.findUniqueOrThrow({ where: { slug: a.slug } });
    expect(row).toMatchObject({ status: "published", publish_at: null, published_at: at, date: at });
    // The same invalidation as an approval: the article lists and the article's own pages.
    expect(expired).toEqual([["public:articles", `public:article:${a.slug}`]]);
    expect(await isPublic(a.slug)).toMatchObject({ page: true, sitemap: true });
    expect(JSON.stringify(await searchContent(db, { q: `Programado a ${unique}`, locale: "es" }))).toContain(a.slug);

    // Idempotent: a second tick (or a second worker) publishes nothing again.
    expect((await publishDueArticles(db, new Date(at.getTime() + 60_000))).published).toEqual([]);
    const revisions = await db.articleRevision.findMany({
      where: { article_id: a.id },
      orderBy: { created_at: "asc" },
    });
    expect(revisions.map((r) => [r.action, r.actor_name])).toEqual([
      ["schedule", user.username],
      ["scheduled_publish", "sistema"],
    ]);
    const audit = await db.auditEntry.findMany({ where: { target_id: a.slug }, orderBy: { created_at: "asc" } });
    expect(audit.map((e) => [e.action, e.actor_name])).toEqual([
      ["article.schedule", user.username],
      ["article.scheduled_publish", "sistema"],
    ]);
  });

  it("the database refuses a published article that still carries a schedule", async () => {
    const a = await draft("check");
    await expect(
      db.article.update({
        where: { id: a.id },
        data: { status: "published", publish_at: new Date(Date.now() + 86_400_000) },
      }),
    ).rejects.toThrow(/articles_published_not_scheduled/);
  });

  it("a schedule can be moved and cancelled; a past time is refused", async () => {
    const { call } = await restAdmin(`sch-move-${unique}`);
    const a = await draft("b");
    const first = new Date(Date.now() + 3_600_000);
    const later = new Date(Date.now() + 7_200_000);
    await call("PUT", `/articles/${a.slug}`, { status: "published", publish_at: first.toISOString() });
    const moved = await call("PUT", `/articles/${a.slug}/schedule`, { publish_at: later.toISOString() });
    expect(moved.status).toBe(200);
    expect((await publishDueArticles(db, new Date(first.getTime() + 1000))).published).not.toContain(a.slug);

    const past = await call("PUT", `/articles/${a.slug}/schedule`, { publish_at: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ field: "publish_at" });

    const cancelled = await call("PUT", `/articles/${a.slug}/schedule`, { publish_at: null });
    expect(cancelled.status).toBe(200);
    expect((await db.article.findUniqueOrThrow({ where: { slug: a.slug } })).publish_at).toBeNull();
    expect((await publishDueArticles(db, new Date(later.getTime() + 1000))).published).not.toContain(a.slug);
    expect((await db.article.findUniqueOrThrow({ where: { slug: a.slug } })).status).toBe("draft");
  });
});

describe("the publish-due job", () => {
  it("is registered as a per-minute cron and its handler publishes what is due", async () => {
    const job = jobs.find((j) => j.name === "articles/publish-due");
    expect(job?.cron).toBe("* * * * *");
    const a = await draft("job");
    await db.article.update({ where: { id: a.id }, data: { publish_at: new Date(Date.now() - 1000) } });
    // Run through the embedded engine, as the schedule would.
    const result = (await runJob(job!, {})) as { published: string[] };
    // This run publishes it, unless the per-minute schedule of the same job ran in between (seen once): either
    // way the job's handler did, as nothing else publishes a scheduled article.
    const row = await db.article.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({ status: "published", publish_at: null });
    expect(Array.isArray(result.published)).toBe(true);
  });
});
