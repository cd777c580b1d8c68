import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expireTags } from "~/platform/cache/expire-tags.ts";
import RedisCacheHandler, { openRedisCache } from "~/platform/cache/redis-cache-handler.mjs";
import { type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { until } from "../support/until.ts";

/**
 * The shared data cache against a real redis-server: two handlers with their own connections play two
 * instances of the site. What unstable_cache stores and reads (a FETCH entry with tags) must be shared, an
 * expiry on one must hold on the other at once, and a Redis outage must cost neither an error nor a stale
 * answer — also after Redis comes back with its data (an append-only file), when the expiries written
 * during the outage never reached it.
 */
type Entry = { lastModified: number; value: { kind: string; data: { body: string }; revalidate: number } } | null;
type State = { healthy: boolean; close(): Promise<void> };
type Handler = {
  state: State;
  get(key: string, ctx: object): Promise<Entry>;
  set(key: string, data: object, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[], durations?: object): Promise<void>;
};

let redis: RedisServer;
const opened: State[] = [];

/** One instance; `namespace` is its configuration's (build, SITE_URL, database: namespace.mjs). */
function instance(namespace?: string): Handler {
  const state = openRedisCache(redis.url) as unknown as State;
  opened.push(state);
  return new RedisCacheHandler({}, state, namespace) as unknown as Handler;
}

const fetchEntry = (body: string, tags: string[]) => ({
  kind: "FETCH",
  data: { headers: {}, body, status: 200, url: "" },
  revalidate: 300,
  tags,
});
const setCtx = (tags: string[]) => ({ fetchCache: true, tags, fetchUrl: "", fetchIdx: 0 });
const getCtx = (tags: string[]) => ({ kind: "FETCH", tags, softTags: [], revalidate: 300, fetchIdx: 0 });
const healthy = (...handlers: Handler[]) =>
  until("the handlers to serve from Redis", async () => handlers.every((h) => h.state.healthy), {
    timeoutMs: 5000,
    everyMs: 20,
  });

beforeAll(async () => {
  redis = await startRedisServer({ persist: true });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await redis.stop();
});

describe("Redis data cache shared by instances", () => {
  it("serves what one instance stored to another, Buffers and Maps intact", async () => {
    const [a, b] = [instance(), instance()];
    await healthy(a, b);
    await a.set("k-shared", fetchEntry("hola", ["article:x"]), setCtx(["article:x"]));
    const got = await b.get("k-shared", getCtx(["article:x"]));
    expect(got?.value.data.body).toBe("hola");
    expect(got?.value.revalidate).toBe(300);

    const page = {
      kind: "APP_PAGE",
      html: "<p>x</p>",
      rscData: Buffer.from([1, 2, 3]),
      segmentData: new Map([["/a", Buffer.from("s")]]),
    };
    await a.set("k-page", page, { cacheControl: { revalidate: 60, expire: 300 } });
    const back = (await b.get("k-page", { kind: "APP_PAGE" })) as unknown as { value: typeof page };
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true);
    expect([...back.value.rscData]).toEqual([1, 2, 3]);
    expect(back.value.segmentData.get("/a")?.toString()).toBe("s");
  });

  it("expires a tag on every instance at once, and only the entries carrying it", async () => {
    const [a, b] = [instance(), instance()];
    await healthy(a, b);
    await b.set("k-one", fetchEntry("one", ["article:one", "articles"]), setCtx(["article:one", "articles"]));
    await b.set("k-two", fetchEntry("two", ["article:two"]), setCtx(["article:two"]));
    expect(await a.get("k-one", getCtx([]))).not.toBeNull();

    await a.revalidateTag(["articles"], { expire: 0 });
    expect(await b.get("k-one", getCtx([]))).toBeNull();
    expect(await a.get("k-one", getCtx([]))).toBeNull();
    expect((await b.get("k-two", getCtx([])))?.value.data.body).toBe("two");
  });

  it("answers misses, never errors, while Redis is down, and serves nothing from before the outage after it", async () => {
    const [a, b] = [instance(), instance()];
    await healthy(a, b);
    await a.set("k-outage", fetchEntry("before", ["article:o"]), setCtx(["article:o"]));
    expect((await b.get("k-outage", getCtx([])))?.value.data.body).toBe("before");

    await redis.stop();
    // An edit on A while Redis is away: its expiry cannot be written anywhere.
    await expect(a.revalidateTag(["article:o"], { expire: 0 })).resolves.toBeUndefined();
    const started = Date.now();
    expect(await b.get("k-outage", getCtx([]))).toBeNull();
    await expect(b.set("k-outage-2", fetchEntry("x", []), setCtx([]))).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);

    // Redis comes back with its data (append-only file): the pre-outage entry is in it again.
    await redis.start();
    await healthy(a, b);
    expect(await b.get("k-outage", getCtx([]))).toBeNull();
    expect(await a.get("k-outage", getCtx([]))).toBeNull();

    // And caching resumes.
    await b.set("k-after", fetchEntry("after", ["article:o"]), setCtx(["article:o"]));
    expect((await a.get("k-after", getCtx([])))?.value.data.body).toBe("after");
  });

  it("an instance that saw no error still gets no pre-outage entry once the others are back", async () => {
    const [a, b] = [instance(), instance()];
    await healthy(a, b);
    await a.set("k-idle", fetchEntry("before", ["article:i"]), setCtx(["article:i"]));
    await redis.stop();
    await a.revalidateTag("article:i");
    await redis.start();
    // B made no call during the outage; its connection dropped all the same.
    await healthy(a, b);
    expect(await b.get("k-idle", getCtx([]))).toBeNull();
  });

  it("keeps each configuration's entries apart, and a tag expiry from any of them reaches all", async () => {
    const [oldBuild, sameAsOld, newBuild] = [instance("ns-old"), instance("ns-old"), instance("ns-new")];
    await healthy(oldBuild, sameAsOld, newBuild);
    await oldBuild.set("k-ns", fetchEntry("old", ["article:ns"]), setCtx(["article:ns"]));
    expect((await sameAsOld.get("k-ns", getCtx([])))?.value.data.body).toBe("old");
    expect(await newBuild.get("k-ns", getCtx([]))).toBeNull();

    await newBuild.set("k-ns", fetchEntry("new", ["article:ns"]), setCtx(["article:ns"]));
    expect((await newBuild.get("k-ns", getCtx([])))?.value.data.body).toBe("new");
    expect((await oldBuild.get("k-ns", getCtx([])))?.value.data.body).toBe("old");

    // A write on the new build during a rolling deploy: the old build's instances must not keep the old page.
    await newBuild.revalidateTag(["article:ns"], { expire: 0 });
    expect(await oldBuild.get("k-ns", getCtx([]))).toBeNull();
    expect(await newBuild.get("k-ns", getCtx([]))).toBeNull();
  });

  it("a job's expiry on an instance that has served no request yet still reaches the shared cache", async () => {
    const a = instance();
    await healthy(a);
    await a.set("k-job", fetchEntry("old", ["article:job"]), setCtx(["article:job"]));
    // Outside a request and before Next's server cache exists, as for a job fired right after start-up.
    process.env.REDIS_URL = redis.url;
    try {
      await expireTags(["article:job"]);
    } finally {
      delete process.env.REDIS_URL;
    }
    expect(await a.get("k-job", getCtx([]))).toBeNull();
  });
});
