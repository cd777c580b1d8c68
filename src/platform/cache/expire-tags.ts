import { redisUrl } from "~/platform/env/live.ts";
import { log } from "~/platform/log/logger.ts";

import { type NextIncrementalCache, nextIncrementalCache } from "~/platform/next-internals/next-internals.ts";

const cacheLog = log.child({ scope: "cache" });

/** Immediate expiry: the next read after a change goes to the database (no stale-while-revalidate). */
const EXPIRE_NOW = { expire: 0 } as const;

/**
 * Expires data-cache tags at once, wherever the change happens: in a request (a procedure, a route handler)
 * or in a background job of the embedded engine. Features call it from their own `invalidate…()` next to
 * their tags (e.g. src/features/articles/cache.ts); nothing else should.
 */
export async function expireTags(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  let next: typeof import("next/cache");
  try {
    next = await import("next/cache");
  } catch {
    return; // Outside Next.js (tests, scripts) there is no cache to expire.
  }
  try {
    for (const tag of tags) next.revalidateTag(tag, EXPIRE_NOW);
  } catch {
    // No request scope (a job of the embedded engine): expireOutsideRequest below does the work.
  }
  await expireOutsideRequest(tags);
}

type ServerCache = NextIncrementalCache;

/**
 * The one place that reaches past Next's public API. `revalidateTag` (and `updateTag`, Server Actions only)
 * work only inside a request: they queue the tags on the request's work store and apply them when it ends.
 * A job of the embedded engine (started from instrumentation.ts) has no request, or inherits the store of a
 * request that already ended, whose queue is never flushed again — so its publish would stay invisible
 * until the time limit. Next 16 offers no public call for that case, so:
 * - with the shared cache (REDIS_URL), the tags are expired in Redis on this process's own connection, which
 *   every instance reads: nothing depends on what Next keeps in this process;
 * - otherwise on the server's own cache (serverCache), and a process without one (the send's, or a server that
 *   has not served yet) tells the servers through PostgreSQL.
 * Harmless in a request (the same tags, expired a moment earlier). Guarded by
 * tests/integration/job-cache-expiry.test.ts (many back-to-back job writes, two instances) and
 * tests/e2e/scale-out.test.ts.
 */
async function expireOutsideRequest(tags: readonly string[]): Promise<void> {
  const url = redisUrl();
  if (url) {
    const { expireSharedTags } = await import("./redis-cache-handler.mjs");
    await expireSharedTags(url, [...tags]);
    return;
  }
  const cache = serverCache();
  if (cache) await cache.revalidateTag([...tags], EXPIRE_NOW).catch(() => undefined);
  else await announceToServers(tags);
}

const holder = globalThis as { __riesgosServerCache?: ServerCache };

/**
 * The server's own cache, which Next keeps on globalThis once it has served a request. Not whatever is there
 * now: Next's proxy adapter puts a cache of its own there for every request it sees, built without any cache
 * handler, so an expiry sent to it does nothing — and it stays there after a request the proxy answered
 * itself, or while a request is between the proxy and the render. Any cache with a handler will do (Next's
 * in-process store and its tag times are module-wide), so the last one seen is kept (cached() notes it too).
 */
export function serverCache(): ServerCache | undefined {
  const current = nextIncrementalCache();
  if (current?.cacheHandler) holder.__riesgosServerCache = current;
  return holder.__riesgosServerCache;
}

/**
 * A process with no server cache and no shared one — the newsletter send's own process, or a server that has
 * not served yet — tells the servers, which hold the entries in memory (followTagExpiries). Best effort: a
 * failure leaves the entries to their revalidate time, and must not fail the change that was made.
 */
async function announceToServers(tags: readonly string[]): Promise<void> {
  const { announceTagExpiry } = await import("./tag-expiry-channel.ts");
  await announceTagExpiry(tags).catch((err) => cacheLog.warn({ err }, "tag expiry not announced"));
}

/**
 * Site server start, with the in-process cache (no REDIS_URL): expiries announced by processes that cannot
 * reach this server's memory (above) are applied to it. Returns the stop.
 */
export async function followTagExpiries(databaseUrl: string): Promise<() => Promise<void>> {
  const { listenForTagExpiries } = await import("./tag-expiry-channel.ts");
  return listenForTagExpiries(databaseUrl, async (tags) => {
    await serverCache()?.revalidateTag(tags, EXPIRE_NOW);
  });
}
