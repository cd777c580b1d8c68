import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { CrashableServer } from "./crash-server.ts";

/**
 * The beacon's endpoint on the production server as `npm start` runs it: the server process answers
 * POST /api/analytics/hit itself, before Next.js routes anything (its Server-Timing names the direct path), with
 * the route handler's contract (204, 400 with the field, bots dropped), stores what it acknowledged, also when
 * stopped right after, and hands every other request (pages, the API, other methods on that path) to Next.js.
 */
const READER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let server: CrashableServer;
let client: pg.Client;
let url: string;

beforeAll(async () => {
  url = await freshDatabase(inject("databaseUrl"), "hits");
  await migrate(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  server = await CrashableServer.create("analytics-fast-path", {
    DATABASE_URL: url,
    ADMIN_EMAIL: "hits-admin@riesgos-ia.test",
    ADMIN_PASSWORD: "hits-admin-password",
    DATA_DIR: "test-results/hits-data",
  });
  await server.start();
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await client?.end();
});

const hit = (p: string, userAgent = READER, body: string = JSON.stringify({ p })) =>
  fetch(`${server.baseUrl}/api/analytics/hit`, {
    method: "POST",
    headers: { "content-type": "text/plain", "user-agent": userAgent },
    body,
  });
const rowsFor = async (path: string) =>
  Number((await client.query("SELECT count(*) AS n FROM analytics_hits WHERE path = $1", [path])).rows[0].n);

describe("the hit endpoint of the launcher-started server", () => {
  it("answers a reader's hit on the direct path and stores it with the next flush", async () => {
    const res = await hit("/noticias/directa");
    expect(res.status).toBe(204);
    expect(res.headers.get("server-timing")).toMatch(/^hit;desc="direct";dur=\d/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    await expect.poll(() => rowsFor("/noticias/directa"), { timeout: 10_000 }).toBe(1);
  });

  it("drops a crawler's hit and refuses a malformed one with the field, as the route handler does", async () => {
    const bot = await hit("/noticias/de-un-robot", BOT);
    expect(bot.status).toBe(204);
    expect(bot.headers.get("server-timing")).toContain('desc="direct"');
    const bad = await hit("", READER, JSON.stringify({ p: "sin-barra" }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("server-timing")).toContain('desc="direct"');
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "p" });
    const unreadable = await hit("", READER, "{ no es json");
    expect(unreadable.status).toBe(400);
    await hit("/noticias/testigo");
    await expect.poll(() => rowsFor("/noticias/testigo"), { timeout: 10_000 }).toBe(1);
    expect(await rowsFor("/noticias/de-un-robot")).toBe(0);
    expect(await rowsFor("sin-barra")).toBe(0);
  });

  it("leaves pages, the API and other methods on the hit's path to Next.js", async () => {
    const page = await fetch(`${server.baseUrl}/noticias`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("server-timing") ?? "").not.toContain("direct");
    const health = await fetch(`${server.baseUrl}/api/trpc/health.check`);
    expect(health.status).toBe(200);
    const get = await fetch(`${server.baseUrl}/api/analytics/hit`);
    expect(get.status).toBe(405);
    expect(get.headers.get("server-timing") ?? "").not.toContain("direct");
  });

  it("stores every hit it acknowledged when stopped right after (SIGTERM), the launcher exiting after", async () => {
    // The hits' writes wait on a lock this test holds, so the stop is seen waiting for them whatever the load: a
    // launcher that exits while its server still writes ends the stop early, and its SIGKILL loses the hits.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE analytics_hits IN SHARE MODE");
    const paths = Array.from({ length: 40 }, (_, i) => `/noticias/antes-de-parar-${i}`);
    const waitingWrites = async () =>
      Number(
        (
          await client.query(
            "SELECT count(*) AS n FROM pg_locks WHERE relation = 'analytics_hits'::regclass AND NOT granted",
          )
        ).rows[0].n,
      );
    // Half are being written (the buffer's timed flush) when the stop comes, half are still in the buffer.
    const early = await Promise.all(paths.slice(0, 20).map((p) => hit(p)));
    await expect.poll(waitingWrites, { timeout: 30_000 }).toBeGreaterThan(0);
    const late = await Promise.all(paths.slice(20).map((p) => hit(p)));
    expect([...early, ...late].map((r) => r.status)).toEqual(paths.map(() => 204));
    const stopped = server.stop();
    expect(await server.exitedWithin(2000), "the launcher exited while its server was storing the hits").toBe(false);
    await holder.query("COMMIT");
    await holder.end();
    await stopped;
    const stored = await client.query("SELECT count(*) AS n FROM analytics_hits WHERE path LIKE $1", [
      "/noticias/antes-de-parar-%",
    ]);
    expect(Number(stored.rows[0].n)).toBe(paths.length);
  });
});
