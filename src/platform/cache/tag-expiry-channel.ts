import pg from "pg";
import { db } from "~/platform/db/db.ts";
import { log } from "~/platform/log/logger.ts";

const cacheLog = log.child({ scope: "cache" });

/** PostgreSQL's notification channel of data-cache tag expiries made outside any site server. */
const CHANNEL = "cache_tags_expired";
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

const isTagList = (v: unknown): v is string[] => Array.isArray(v) && v.every((t) => typeof t === "string");

/**
 * Tells every site server listening (listenForTagExpiries) that these tags expired. For a process that has
 * no cache of its own and no shared cache to write to (the newsletter send's own process, with Redis off):
 * the entries live in the servers' memory. The notification leaves when the statement commits.
 */
export async function announceTagExpiry(tags: readonly string[]): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(tags)})`;
}

/**
 * Hears the expiries announced by other processes on a connection of its own, and reconnects (with backoff)
 * whenever PostgreSQL drops it. An expiry announced while this server had no connection is not heard: that
 * server could not read the database meanwhile either, and the entry still ends at its revalidate time.
 * Returns the stop.
 */
export function listenForTagExpiries(url: string, apply: (tags: string[]) => Promise<void>): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | undefined;
  let delay = RETRY_MIN_MS;
  const retry = () => {
    if (stopped) return;
    setTimeout(connect, delay).unref?.();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };
  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, application_name: "riesgos-ia-cache-expiry" });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      retry();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let tags: unknown;
      try {
        tags = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (isTagList(tags)) apply(tags).catch((err) => cacheLog.error({ err }, "tag expiry failed"));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      current = client;
      delay = RETRY_MIN_MS;
      if (stopped) await client.end();
    } catch {
      onLost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => undefined);
  };
}
