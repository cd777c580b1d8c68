import { type PublicChange, tagsForChange } from "./tags.ts";

/** Immediate expiry: the next read after a publish goes to the database (no stale-while-revalidate). */
const EXPIRE_NOW = { expire: 0 } as const;

type IncrementalCache = { revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void> };

/**
 * Public reads are cached in Next's data cache (src/server/cache/public-content.ts, tagged per kind and per
 * slug). Whenever published content changes, call this so readers see the change at once: it expires the
 * kind's lists (home, /noticias, feeds, sitemap, referent profiles) and, with a slug, that item's pages.
 * Writers (publications, agents, author migration) only call it.
 */
export async function revalidatePublicContent(change: PublicChange): Promise<void> {
  const tags = tagsForChange(change);
  let next: typeof import("next/cache");
  try {
    next = await import("next/cache");
  } catch {
    return; // Outside Next.js (tests, scripts) there is no cache to expire.
  }
  try {
    for (const tag of tags) next.revalidateTag(tag, EXPIRE_NOW);
  } catch {
    // No request scope (e.g. a job finishing after its response): handled below.
  }
  // revalidateTag only queues the tags on the current request and applies them when that request ends; a
  // background job (agent run) may publish after its request ended, where the queue is never flushed. So
  // also expire them on the server's cache directly (Next keeps it on globalThis once it has served a request).
  const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  await cache?.revalidateTag(tags, EXPIRE_NOW).catch(() => undefined);
}
