import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrivateDatabase } from "../support/private-database.ts";
import { until } from "../support/until.ts";

// Notifications are per database: a database of this file's own, so other files' expiries are not heard here.
const database = await createPrivateDatabase("tagexpiry");
const { expireTags, followTagExpiries } = await import("~/platform/cache/expire-tags.ts");
const { announceTagExpiry, listenForTagExpiries } = await import("~/platform/cache/tag-expiry-channel.ts");
const { db } = await import("~/platform/db/db.ts");

const g = globalThis as { __incrementalCache?: unknown };
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
  g.__incrementalCache = undefined;
  await db.$disconnect();
});

/** A listener collecting what it hears. */
function listener() {
  const heard: string[][] = [];
  stops.push(listenForTagExpiries(database.url, async (tags) => void heard.push(tags)));
  return heard;
}

/**
 * The backends listening for expiries in this database: connected and past their LISTEN (a backend shows in
 * pg_stat_activity from its connection on, and an expiry announced before its LISTEN is not heard).
 */
const listeners = async () => {
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'riesgos-ia-cache-expiry'
          AND state = 'idle' AND query ILIKE 'LISTEN %'`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await sql.end();
  }
};
const listening = async (n: number) => (await listeners()).length === n;

describe("data-cache expiries told through PostgreSQL", () => {
  it("a process with no server cache and no shared one announces its expiries", async () => {
    const heard = listener();
    await until("the listener to connect", () => listening(1));
    await expireTags(["public:newsletters", "public:newsletter:top-5-2026-11-27"]);
    await until("the expiry to be heard", async () => heard.length === 1);
    expect(heard).toEqual([["public:newsletters", "public:newsletter:top-5-2026-11-27"]]);
    await stops.pop()!();
    await until("the listener to leave", () => listening(0));
  });

  it("a server applies what it hears to its own cache, and hears again after PostgreSQL drops its connection", async () => {
    const expired: string[][] = [];
    stops.push(await followTagExpiries(database.url));
    await until("the server to listen", () => listening(1));
    // Installed after the announcement would have gone out of this process: this process is now the server.
    // With a handler, as the server's own is (the proxy's caches have none: see serverCache in expire-tags.ts).
    g.__incrementalCache = { cacheHandler: {}, revalidateTag: async (tags: string[]) => void expired.push(tags) };
    await announceTagExpiry(["public:articles"]);
    await until("the server's cache to expire the tag", async () => expired.length === 1);
    expect(expired[0]).toEqual(["public:articles"]);

    // Junk on the channel is ignored, and the listener stays.
    await db.$executeRaw`SELECT pg_notify('cache_tags_expired', 'not json')`;
    await db.$executeRaw`SELECT pg_notify('cache_tags_expired', '[1, 2]')`;

    const [dropped] = await listeners();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1)", [dropped]);
    await admin.end();
    await until("the server to listen again", async () => {
      const now = await listeners();
      return now.length === 1 && now[0] !== dropped;
    });
    await announceTagExpiry(["public:interviews"]);
    await until("the expiry after the reconnection", async () => expired.length === 2);
    expect(expired).toEqual([["public:articles"], ["public:interviews"]]);
  });
});
