import { redisUrl } from "~/platform/env/live.ts";

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

type ServerCache = { revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void> };

/**
 * The one place that reaches past Next's public API. `revalidateTag` (and `updateTag`, Server Actions only)
 * work only inside a request: they queue the tags on the request's work store and apply them when it ends.
 * A job of the embedded engine (started from instrumentation.ts) has no request, or inherits the store of a
 * request that already ended, whose queue is never flushed again — so its publish would stay invisible
 * until the time limit. Next 16 offers no public call for that case (a custom `cacheHandler` would own the
 * tag state, but replaces the whole server cache; a revalidation route would make the server call itself),
 * so the tags are also expired on the server's own cache, which Next keeps on globalThis once it has served
 * a request. Harmless in a request (the same tags, expired a moment earlier); a no-op before the first
 * request, when nothing is cached yet. Guarded by tests/e2e/cache-invalidation.test.ts (a job-driven publish)
 * and tests/integration/scheduled-publishing.test.ts. With the shared cache (REDIS_URL) and no request served
 * yet, the tags are expired in Redis directly: the other instances hold the entries.
 */
async function expireOutsideRequest(tags: readonly string[]): Promise<void> {
  const cache = (globalThis as { __incrementalCache?: ServerCache }).__incrementalCache;
  if (cache) await cache.revalidateTag([...tags], EXPIRE_NOW).catch(() => undefined);
  else if (redisUrl()) {
    const { expireSharedTags } = await import("./redis-cache-handler.mjs");
    await expireSharedTags(redisUrl(), [...tags]);
  }
}
