import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { until } from "../support/until.ts";
import { CrashableServer } from "./crash-server.ts";
import { linkTags, metaTags } from "./interop-helpers.ts";

/**
 * The page cache serves a stored page only to the configuration that rendered it (build, SITE_URL, database),
 * through the real launcher on the production build: restarts with another SITE_URL, on a copy of the database
 * with other content, and a new build beside the old one on the same Redis.
 */
const SITE = "https://riesgos-ia.example";
const OTHER_SITE = "https://otro.riesgos-ia.example";
const ORIGINAL_TITLE = "Publicidad y patrocinios";
const COPY_TITLE = "Publicidad (copia con otro contenido)";
/** Pages with absolute URLs of their own (canonical, hreflang, share tags); /publicidad reads the database. */
const PAGES = ["/publicidad", "/servicios", "/en/publicidad"];
const admin = { ADMIN_EMAIL: "ns-admin@riesgos-ia.test", ADMIN_PASSWORD: "ns-admin-password" };

let adminUrl: string;
let mainDb: string;
let copyDb: string;
let redis: RedisServer;
/** Plays the single instance (in-process store), then instance B beside A on Redis. */
let single: CrashableServer;
let other: CrashableServer | undefined;

type Page = { status: number; cache: string | null; body: string };
async function get(server: CrashableServer, pathname: string): Promise<Page> {
  const r = await fetch(`${server.baseUrl}${pathname}`, { redirect: "manual" });
  return { status: r.status, cache: r.headers.get("x-nextjs-cache"), body: await r.text() };
}
/** Fetched until Next answers from its cache (the first request may be the one that stores the page). */
async function cached(server: CrashableServer, pathname: string): Promise<Page> {
  let last: Page | undefined;
  const hit = async () => {
    last = await get(server, pathname);
    return last.cache === "HIT";
  };
  await until(`${pathname} from the cache`, hit, { timeoutMs: 20_000, everyMs: 200 });
  return last!;
}

/** Every absolute URL the page publishes for itself: canonical, hreflang alternates, share tags, and the rest. */
function expectOrigin(page: Page, origin: string, pathname: string) {
  expect(page.status, pathname).toBe(200);
  const links = linkTags(page.body);
  const own = [
    links.find((l) => l.rel === "canonical")?.href,
    ...links.filter((l) => l.rel === "alternate" && l.hreflang).map((l) => l.href),
    ...(metaTags(page.body).get("og:url") ?? []),
    ...(metaTags(page.body).get("og:image") ?? []),
  ];
  expect(own.length, `${pathname}: canonical, three alternates, og:url, og:image`).toBeGreaterThanOrEqual(6);
  for (const url of own) expect(url?.startsWith(`${origin}/`), `${pathname}: ${url}`).toBe(true);
  const anyOwn = [...page.body.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)]
    .map((m) => m[0])
    .filter((u) => /localhost|127\.0\.0\.1|riesgos-ia\.example/.test(u));
  for (const url of anyOwn) expect(url.startsWith(origin), `${pathname}: ${url}`).toBe(true);
}

/** Whether a page says `text` (a boolean, so that a failure does not print the whole page). */
const says = (page: Page, text: string) => page.body.includes(text);

/** Stops the server if it runs (a failed test may have left it running), then starts it with `extra`. */
async function restart(server: CrashableServer, extra: Record<string, string> = {}) {
  await server.stop();
  await server.start(extra);
}

/** A copy of the main database (CREATE DATABASE … TEMPLATE, once its server has let go) with another title. */
async function copyWithOtherContent(): Promise<string> {
  const template = new URL(mainDb).pathname.slice(1);
  let url = "";
  await until(
    "the main database to be free to copy",
    async () => {
      url = await freshDatabase(adminUrl, "ns_copy", template).catch(() => "");
      return url !== "";
    },
    { timeoutMs: 20_000, everyMs: 500 },
  );
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`UPDATE editorial_pages SET title_es = $1 WHERE slug = 'publicidad'`, [COPY_TITLE]);
  await db.end();
  return url;
}

beforeAll(async () => {
  adminUrl = inject("databaseUrl");
  mainDb = await freshDatabase(adminUrl, "ns_main");
  await migrate(mainDb);
  redis = await startRedisServer();
  single = await CrashableServer.create("cache-namespace", {
    DATABASE_URL: mainDb,
    DATA_DIR: "test-results/cache-namespace-data",
    SITE_URL: undefined,
    ...admin,
  });
}, 240_000);
afterAll(async () => {
  await other?.stop();
  await single?.stop();
  await redis?.stop();
  for (const server of [single, other]) if (server) fs.rmSync(server.distDir, { recursive: true, force: true });
});

describe("in-process page cache across restarts", () => {
  it("after a start with SITE_URL set, every absolute URL of a page read before has the new origin", async () => {
    await restart(single);
    const localOrigin = `http://localhost:${new URL(single.baseUrl).port}`;
    for (const pathname of PAGES) expectOrigin(await cached(single, pathname), localOrigin, pathname);
    await restart(single, { SITE_URL: SITE });
    for (const pathname of PAGES) expectOrigin(await get(single, pathname), SITE, pathname);
  }, 300_000);

  it("after a start on a copy of the database with other content, the pages show the copy", async () => {
    await restart(single, { SITE_URL: SITE });
    expect(says(await cached(single, "/publicidad"), ORIGINAL_TITLE)).toBe(true);
    await single.stop();
    copyDb = await copyWithOtherContent();

    await single.start({ SITE_URL: SITE, DATABASE_URL: copyDb });
    const page = await get(single, "/publicidad");
    expect(says(page, COPY_TITLE), "the copy's title").toBe(true);
    expect(says(page, ORIGINAL_TITLE), "the main database's title").toBe(false);
    await single.stop();
  }, 300_000);
});

describe("shared page cache (REDIS_URL)", () => {
  const onRedis = () => ({ REDIS_URL: redis.url, SITE_URL: SITE, DATABASE_URL: mainDb });
  /**
   * B (re)started: once it stores and reads through Redis (a second read is a hit), A stores the pages again,
   * since a start can raise the shared cache's generation (an expiry while Redis was not yet reachable).
   */
  async function startB(extra: Record<string, string>) {
    await restart(single, extra);
    await cached(single, "/metodologia");
    const onA = new Map<string, Page>();
    for (const pathname of PAGES) onA.set(pathname, await cached(other!, pathname));
    return onA;
  }

  it("instances of one configuration share their pages", async () => {
    other = await CrashableServer.create("cache-namespace-a", {
      DATA_DIR: "test-results/cache-namespace-a-data",
      ...admin,
      ...onRedis(),
    });
    await other.start();
    const onA = await startB(onRedis());
    expectOrigin(onA.get("/publicidad")!, SITE, "/publicidad");
    const onB = await get(single, "/publicidad");
    expect(onB.cache, "B's first read of the page A stored").toBe("HIT");
    expect(onB.body === onA.get("/publicidad")?.body, "B serves A's page").toBe(true);
  }, 300_000);

  it("an instance started with another SITE_URL serves no page of the other configuration", async () => {
    await startB({ ...onRedis(), SITE_URL: OTHER_SITE });
    for (const pathname of PAGES) expectOrigin(await get(single, pathname), OTHER_SITE, pathname);
    // A, unchanged, keeps its own.
    expectOrigin(await get(other!, "/publicidad"), SITE, "/publicidad");
  }, 300_000);

  it("an instance started on another database shows that database's content", async () => {
    await startB({ ...onRedis(), DATABASE_URL: copyDb });
    expect(says(await get(single, "/publicidad"), COPY_TITLE), "B: the copy's title").toBe(true);
    expect(says(await get(other!, "/publicidad"), ORIGINAL_TITLE), "A: the main database's title").toBe(true);
  }, 300_000);

  it("a new build beside the old one (a rolling deploy) does not serve the old build's pages", async () => {
    await single.stop();
    // What a new `next build` changes for the cache: the build's id.
    fs.writeFileSync(path.join(single.distDir, "BUILD_ID"), `rolled-${Date.now().toString(36)}`);
    await startB(onRedis());
    const first = await get(single, "/publicidad");
    expect(first.cache, "the new build's first read of a page the old build stored").not.toBe("HIT");
    expectOrigin(first, SITE, "/publicidad");
    expect((await get(other!, "/publicidad")).cache).toBe("HIT");
  }, 300_000);
});
