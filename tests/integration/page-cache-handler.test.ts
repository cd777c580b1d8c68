import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cacheNamespace } from "~/platform/cache/namespace.mjs";
import { type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { until } from "../support/until.ts";

/**
 * The cache handler Next loads (next.config.mjs `cacheHandler`), as a server process loads it: with the
 * settings of its start. In-process, it starts without the pages an earlier process stored; on Redis, it keys
 * every entry on its configuration's namespace, and without the database's id it shares nothing.
 */
type Page = { kind: string; html: string; headers?: Record<string, string> };
type Handler = {
  state?: { healthy: boolean };
  get(key: string, ctx: object): Promise<{ value: Page } | null>;
  set(key: string, data: Page, ctx: object): Promise<void>;
};
type HandlerClass = new (ctx: object) => Handler;

const PAGE_KEY = "/route-cache/app/0a1b/$/es/publicidad";
const page = (): Page => ({ kind: "APP_PAGE", html: "<html><script>self.__next_f=1</script></html>" });
const ctx = { cacheControl: { revalidate: 300, expire: 3600 }, isFallback: false };
const g = globalThis as { __riesgosCacheNamespaces?: unknown; __riesgosRedisCache?: { close(): Promise<void> } };

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await g.__riesgosRedisCache?.close();
  await redis.stop();
});

/** A build folder as `next build` leaves it (`<dist>/BUILD_ID` beside `<dist>/server`). */
function buildFolder(buildId: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "page-cache-"));
  fs.mkdirSync(path.join(dist, "server"));
  fs.writeFileSync(path.join(dist, "BUILD_ID"), buildId);
  return path.join(dist, "server");
}

/** The handler module as a new server process with these settings loads it. */
async function serverStart(settings: Record<string, string | undefined>): Promise<HandlerClass> {
  await g.__riesgosRedisCache?.close();
  g.__riesgosRedisCache = undefined;
  g.__riesgosCacheNamespaces = undefined;
  for (const [name, value] of Object.entries(settings))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  vi.resetModules();
  return (await import("~/platform/request-edge/page-cache-handler.mjs")).default as unknown as HandlerClass;
}

async function entryKeys(): Promise<string[]> {
  const client = createClient({ url: redis.url });
  await client.connect();
  const keys = await client.keys("riesgos:cache:e:*");
  await client.flushAll();
  await client.destroy();
  return keys;
}

describe("in-process store", () => {
  it("starts each process without the pages an earlier one stored, and keeps its own", async () => {
    const serverDir = buildFolder("build-a");
    const earlier = path.join(serverDir, "route-cache", "app", "0a1b", "$", "es", "publicidad.html");
    fs.mkdirSync(path.dirname(earlier), { recursive: true });
    fs.writeFileSync(earlier, "<p>rendered for http://localhost:3000</p>");

    const PageCacheHandler = await serverStart({ REDIS_URL: undefined, DATABASE_ID: undefined });
    new PageCacheHandler({ serverDistDir: serverDir, fs, flushToDisk: true });
    expect(fs.existsSync(earlier)).toBe(false);

    // Pages this process stores stay for its later requests (Next makes a handler per request).
    fs.mkdirSync(path.dirname(earlier), { recursive: true });
    fs.writeFileSync(earlier, "<p>this process</p>");
    new PageCacheHandler({ serverDistDir: serverDir, fs, flushToDisk: true });
    expect(fs.existsSync(earlier)).toBe(true);
  });
});

describe("shared store (REDIS_URL)", () => {
  it("keys each entry on the namespace of its build, SITE_URL and database, and keeps the page's CSP", async () => {
    const serverDir = buildFolder("build-b");
    const settings = { SITE_URL: "https://riesgos-ia.example", DATABASE_ID: "0f9e.16384" };
    const PageCacheHandler = await serverStart({ REDIS_URL: redis.url, ...settings });
    const handler = new PageCacheHandler({ serverDistDir: serverDir });
    await until("the handler to reach Redis", async () => handler.state?.healthy === true, { timeoutMs: 5000 });

    const stored = page();
    await handler.set(PAGE_KEY, stored, ctx);
    expect(stored.headers?.["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect((await handler.get(PAGE_KEY, { kind: "APP_PAGE" }))?.value.html).toBe(stored.html);
    const namespace = cacheNamespace({
      buildId: "build-b",
      siteOrigin: settings.SITE_URL,
      databaseId: settings.DATABASE_ID,
    });
    expect(await entryKeys()).toEqual([`riesgos:cache:e:${namespace}:${PAGE_KEY}`]);
  });

  it("shares nothing without the database's id (a server not started by the launcher)", async () => {
    const PageCacheHandler = await serverStart({ REDIS_URL: redis.url, DATABASE_ID: undefined });
    const handler = new PageCacheHandler({ serverDistDir: buildFolder("build-c") });
    await until("the handler to reach Redis", async () => handler.state?.healthy === true, { timeoutMs: 5000 });

    const stored = page();
    await handler.set(PAGE_KEY, stored, ctx);
    expect(stored.headers?.["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(await handler.get(PAGE_KEY, { kind: "APP_PAGE" })).toBeNull();
    expect(await entryKeys()).toEqual([]);
  });
});
