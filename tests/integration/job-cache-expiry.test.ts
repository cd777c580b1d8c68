import { afterAll, describe, expect, it, vi } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { startFakeNews } from "../support/fake-news.ts";
import { DEFAULT_DRAFT, startFakeOpenAi } from "../support/fake-openai.ts";
import { SOURCE_PAGES, startFakeSources } from "../support/fake-sources.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";
import { startRedisServer } from "../support/redis-server.ts";
import { startS3Server } from "../support/s3-server.ts";

/**
 * Writes made by jobs (no request) against the shared cache, as two instances run them: REDIS_URL, images in
 * an S3-compatible store. Each of many back-to-back writes must expire its tags on both instances whatever
 * Next's process-wide cache (`globalThis.__incrementalCache`) holds when the job ends: the server's own (a
 * request just went through the whole server), or the one Next's proxy adapter makes for every request it
 * sees (no cache handler: a request the proxy answered itself, or one between the proxy and the render).
 */
const database = await createPrivateDatabase("jobexp");
const redis = await startRedisServer();
const s3 = await startS3Server();
const openAi = await startFakeOpenAi();
// Official sites and feeds on loopback, for the agent runs and the link check.
const sources = await startFakeSources();
const news = await startFakeNews({ rssItems: [] });
vi.stubEnv("REDIS_URL", redis.url);
vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);
vi.stubEnv("SOURCE_ALLOWLIST", "");
vi.stubEnv("NEWS_FEEDS", news.rssUrl);
vi.stubEnv("NEWSAPI_KEY", "");
vi.stubEnv("OPENAI_API_KEY", "job-expiry-fake-key");
vi.stubEnv("OPENAI_BASE_URL", openAi.url);
for (const [k, v] of Object.entries(s3.env)) vi.stubEnv(k, v);

const { db } = await import("~/platform/db/db.ts");
const { articleChangeTags } = await import("~/features/articles/cache.ts");
const { articleBySlug } = await import("~/features/articles/index.ts");
const { regenerateImageJob, publishDueArticlesJob } = await import("~/features/publications/jobs.ts");
const { imageStorage } = await import("~/platform/providers/image-storage.ts");
const { getEngine } = await import("~/platform/jobs/engines/embedded/engine.ts");
const { REPLACED_IMAGE_GRACE_S } = await import("~/features/publications/replace-image.ts");
const { runJob, settleJobs } = await import("../support/jobs.ts");
const { fixAuthorNames } = await import("~/features/agents/author-migration.ts");
const { finalizeAndPublish } = await import("~/features/newsletter/archive/cache.ts");
const { finalizeNewsletter } = await import("~/features/newsletter/send/send.ts");
const { linkCheckJob } = await import("~/server/job-list.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");
const { default: RedisCacheHandler, openRedisCache } = await import("~/platform/cache/redis-cache-handler.mjs");
const { IncrementalCache } = await import("next/dist/server/lib/incremental-cache/index.js");
await expectAppOn(db, database.name);

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const WRITES = 50;
const CONSULTATION = "/ai-office/consultation";

type Entry = { value: { data: { body: string } } } | null;
type Handler = {
  state: { healthy: boolean; close(): Promise<void> };
  get(key: string, ctx: object): Promise<Entry>;
  set(key: string, data: object, ctx: object): Promise<void>;
};

/** One instance of the site: its own connection to the shared cache, and reads through it as unstable_cache does. */
function instance() {
  const handler = new RedisCacheHandler({}, openRedisCache(redis.url)) as unknown as Handler;
  const ctx = (tags: string[]) => ({ kind: "FETCH", tags, softTags: [], revalidate: 300, fetchIdx: 0 });
  return {
    handler,
    /** The cached value, or null once its tags expired. */
    cached: async (key: string) => {
      const hit = await handler.get(key, ctx([]));
      return hit ? (JSON.parse(hit.value.data.body) as unknown) : null;
    },
    /** Read through: a hit, or the database's answer stored under the tags (as a page's cached read). */
    read: async <T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> => {
      const hit = await handler.get(key, ctx(tags));
      if (hit) return JSON.parse(hit.value.data.body) as T;
      const value = await load();
      const data = { kind: "FETCH", data: { headers: {}, body: JSON.stringify(value), status: 200, url: "" } };
      await handler.set(key, { ...data, revalidate: 300 }, { fetchCache: true, tags, fetchUrl: "", fetchIdx: 0 });
      return value;
    },
  };
}
const instances = [instance(), instance()];

/**
 * Next's process-wide cache as a job meets it. The server sets its own (with the Redis handler) when a
 * request reaches the render; the proxy's adapter replaces it with one of its own for every request it sees,
 * built without the cache handler (the proxy bundle is compiled without REDIS_URL).
 */
const nextCache = (handler?: typeof RedisCacheHandler) =>
  new IncrementalCache({
    CurCacheHandler: handler,
    minimalMode: true,
    dev: false,
    requestHeaders: {},
    fetchCacheKeyPrefix: undefined,
    previewProps: { previewModeId: "p", previewModeSigningKey: "s", previewModeEncryptionKey: "e" },
    prerenderManifest: {
      version: -1 as never,
      routes: {},
      dynamicRoutes: {},
      notFoundRoutes: [],
      preview: { previewModeId: "p", previewModeSigningKey: "s", previewModeEncryptionKey: "e" },
    },
  } as never);
const serverCache = nextCache(RedisCacheHandler);
const proxyCache = nextCache();
const g = globalThis as { __incrementalCache?: unknown };
/** Back to back, the last request an instance saw before the job ends is sometimes one the proxy answered. */
const lastRequest = (i: number) => {
  g.__incrementalCache = i % 2 === 0 ? serverCache : proxyCache;
};

afterAll(async () => {
  g.__incrementalCache = undefined;
  await Promise.all(instances.map((i) => i.handler.state.close()));
  await redis.stop();
  await s3.close();
  await Promise.all([openAi.close(), sources.close(), news.close()]);
});

const stored = async (url: string) => (await imageStorage().get(url.replace("/api/media/", ""))) !== null;

const waitHealthy = async () => {
  for (let i = 0; i < 250 && !instances.every((x) => x.handler.state.healthy); i++)
    await new Promise((r) => setTimeout(r, 20));
};

describe("job-driven writes reach the shared cache on every instance", () => {
  it(`${WRITES} image regenerations back to back: each expires the page on both instances`, async () => {
    await waitHealthy();
    const slug = `job-image-${unique}`;
    await buildArticle(db, { slug, status: "published", title_es: `Imagen ${unique}` });
    const key = `page:${slug}`;
    const tags = articleChangeTags({ slug });
    const page = () => articleBySlug(db, slug).then((r) => ({ image: r?.image_url ?? null }));
    const missed: string[] = [];
    let previous: string | null = null;
    for (let i = 0; i < WRITES; i++) {
      for (const x of instances) await x.read(key, tags, page);
      lastRequest(i);
      const done = (await runJob(regenerateImageJob, { slug, requestId: `r${i}` })) as { imageUrl: string };
      // Both instances first (a read through one stores the fresh answer, which the other then shares).
      for (const [n, x] of instances.entries()) {
        const left = await x.cached(key);
        if (left !== null) missed.push(`write ${i + 1} on instance ${n + 1}: still cached ${JSON.stringify(left)}`);
      }
      for (const x of instances) expect((await x.read(key, tags, page)).image).toBe(done.imageUrl);
      // The replaced image outlives the write: a page cached elsewhere (nginx, a late expiry) still shows it.
      if (previous) expect(await stored(previous), previous).toBe(true);
      previous = done.imageUrl;
    }
    expect(missed).toEqual([]);
  }, 480_000);

  it(`${WRITES} scheduled publishes back to back: each expires the lists on both instances`, async () => {
    await waitHealthy();
    const key = "list:published";
    const tags = articleChangeTags({});
    const list = () =>
      db.article
        .findMany({ where: { status: "published" }, select: { slug: true } })
        .then((rows) => rows.map((r) => r.slug));
    const missed: string[] = [];
    for (let i = 0; i < WRITES; i++) {
      const slug = `job-sched-${i}-${unique}`;
      await buildArticle(db, {
        slug,
        status: "draft",
        review_required: false,
        publish_at: new Date(Date.now() - 1000),
      });
      for (const x of instances) await x.read(key, tags, list);
      lastRequest(i);
      await runJob(publishDueArticlesJob, {});
      expect((await articleBySlug(db, slug))?.status).toBe("published");
      for (const [n, x] of instances.entries())
        if ((await x.cached(key)) !== null) missed.push(`publish ${i + 1} on instance ${n + 1}: list still cached`);
      for (const x of instances) expect(await x.read(key, tags, list)).toContain(slug);
    }
    expect(missed).toEqual([]);
  }, 480_000);

  it("deletes a replaced image only after its grace period, and never one an article shows again", async () => {
    const slug = `job-retire-${unique}`;
    await buildArticle(db, { slug, status: "published" });
    const regenerate = async (n: string) =>
      ((await runJob(regenerateImageJob, { slug, requestId: n })) as { imageUrl: string }).imageUrl;
    const first = await regenerate("g1");
    const second = await regenerate("g2");
    const third = await regenerate("g3");
    const engine = await getEngine();
    const sql = (text: string, values: unknown[]) => engine.boss.getDb().executeSql(text, values);
    const { rows } = await sql(
      `SELECT data->>'url' AS url, extract(epoch FROM start_after - created_on) AS delay
         FROM ${engine.schema}.job WHERE name = 'articles/image.delete-replaced' AND data->>'url' = ANY($1)`,
      [[first, second]],
    );
    expect(rows.map((r: { url: string }) => r.url).sort()).toEqual([first, second].sort());
    for (const r of rows) expect(Number(r.delay)).toBeGreaterThanOrEqual(REPLACED_IMAGE_GRACE_S - 1);
    expect(REPLACED_IMAGE_GRACE_S).toBeGreaterThan(600 + 60);
    for (const url of [first, second, third]) expect(await stored(url), url).toBe(true);

    // An editor brings the first image back (a restored revision) before its deletion is due.
    await db.article.update({ where: { slug }, data: { image_url: first } });
    // The grace period over: the deletions run.
    await sql(`UPDATE ${engine.schema}.job SET start_after = now() WHERE name = 'articles/image.delete-replaced'`, []);
    await settleJobs(30_000);
    expect(await stored(second), "the replaced image, no longer shown").toBe(false);
    expect(await stored(first), "an image an article shows again").toBe(true);
    expect(await stored(third), "an image of the new page's past").toBe(true);
  }, 120_000);

  it("the other writers made outside a request (newsletter finalisation, author migration) expire on both", async () => {
    await waitHealthy();
    const slug = `job-author-${unique}`;
    await buildArticle(db, { slug, status: "published", author: "agent: Vigía" });
    const missed: string[] = [];
    for (let i = 0; i < 10; i++) {
      // The archive's tags as src/features/newsletter/cache.ts names them (its list, and one per issue).
      const issue = `job-issue-${i}-${unique}`;
      const archiveTags = ["public:newsletters", `public:newsletter:${issue}`];
      const letter = await db.newsletter.create({
        data: { subject_es: `Top 5 ${i}`, intro_es: "Hola", week_start: new Date(), status: "sending", slug: issue },
      });
      for (const x of instances) await x.read(`archive:${i}`, archiveTags, async () => "before");
      for (const x of instances) await x.read(`byline:${i}`, articleChangeTags({ slug }), async () => "before");
      lastRequest(i + 1);
      await finalizeAndPublish(db, letter.id, finalizeNewsletter);
      await fixAuthorNames(db, { [slug]: `Redacción ${i}` });
      for (const [n, x] of instances.entries()) {
        if ((await x.cached(`archive:${i}`)) !== null) missed.push(`finalisation ${i + 1} on instance ${n + 1}`);
        if ((await x.cached(`byline:${i}`)) !== null) missed.push(`author migration ${i + 1} on instance ${n + 1}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it("agent auto-publishes and link-check verdicts (a changed source re-verified) expire on both", async () => {
    await waitHealthy();
    const admin = callerAs(adminSession).admin;
    const missed: string[] = [];
    const listKey = "list:published";
    const list = () => db.article.findMany({ where: { status: "published" }, select: { slug: true } });
    const created = await admin.agents.create({
      name: `Agente ${unique}`,
      type: "article-generator",
      config: { content: { topics: "ai act", targetLength: "600", sourceUrls: [sources.urlOf(CONSULTATION)] } },
      auto_publish: true,
    });
    const agent = await admin.agents.update({ ...created, status: "active", auto_publish: true });
    for (let i = 0; i < 4; i++) {
      // Letters only: a number in the title is a figure no source states. No page of the model's own: one this
      // machine cannot read would be listed and not read, which holds the draft for review.
      openAi.draft = {
        ...DEFAULT_DRAFT,
        sources: [],
        title: `${DEFAULT_DRAFT.title} ${"abcd"[i]}${unique.replace(/\d/g, "")}`,
      };
      for (const x of instances) await x.read(listKey, articleChangeTags({}), list);
      lastRequest(i);
      const { run } = await admin.agents.execute({ id: agent.id });
      await settleJobs(60_000);
      const article = await db.article.findUnique({ where: { agent_run_id: run!.id } });
      expect(article?.status, `auto-publish ${i + 1}`).toBe("published");
      for (const [n, x] of instances.entries())
        if ((await x.cached(listKey)) !== null) missed.push(`auto-publish ${i + 1} on instance ${n + 1}`);
    }

    const slug = `job-sources-${unique}`;
    const row = await buildArticle(db, {
      slug,
      status: "published",
      published_at: new Date(),
      sources: [{ name: "Comisión Europea", url: sources.urlOf(CONSULTATION) }],
    });
    await runJob(linkCheckJob, { all: true }); // the first copy of the source
    const page = SOURCE_PAGES[CONSULTATION]!;
    for (let i = 0; i < 4; i++) {
      for (const x of instances) await x.read(`fuentes:${i}`, articleChangeTags({ slug }), async () => "before");
      lastRequest(i);
      sources.revise(CONSULTATION, { ...page, paragraphs: [...page.paragraphs, `Update ${"abcd"[i]}.`] });
      await runJob(linkCheckJob, { all: true });
      expect(await db.sourceSnapshot.count({ where: { article_id: row.id } }), "a new copy").toBe(i + 2);
      for (const [n, x] of instances.entries())
        if ((await x.cached(`fuentes:${i}`)) !== null) missed.push(`link-check verdict ${i + 1} on instance ${n + 1}`);
    }
    expect(missed).toEqual([]);
  }, 240_000);
});
