import { unstable_cache } from "next/cache";
import superjson from "superjson";
import { nextRuntime } from "~/platform/env/live.ts";
import { slugSchema } from "~/platform/http/common-schemas.ts";
import { isMissingIncrementalCache } from "~/platform/next-internals/next-internals.ts";
import { serverCache } from "./expire-tags.ts";

/** Safety nets only: entries are expired by tag on change (revalidate.ts); seed-managed content by time. */
export const CONTENT_TTL = 300;
export const SEED_MANAGED_TTL = 3600;

/**
 * unstable_cache stores JSON, which would turn Dates into strings; superjson keeps them Dates (and keeps
 * undefined/Map/Set) so pages get exactly what the service returned.
 */
export function cached<A extends unknown[], R>(
  key: string,
  read: (...args: A) => Promise<R>,
  tags: (...args: A) => string[],
  revalidate: number,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    // Outside Next.js (tests, scripts) there is no data cache: read straight from the database.
    if (!nextRuntime()) return read(...args);
    // Notes the server's own cache while a render has it at hand, for the expiries of jobs (expire-tags.ts).
    serverCache();
    // The arguments are passed through (not closed over) because they are part of the cache key.
    const cachedRead = unstable_cache(async (...a: A) => superjson.serialize(await read(...a)), [key], {
      tags: tags(...args),
      revalidate,
    });
    let stored: Awaited<ReturnType<typeof cachedRead>>;
    try {
      stored = await cachedRead(...args);
    } catch (err) {
      // The proxy runs outside a render: there the cache is the server's own, which exists only once the
      // server has rendered its first page. Until then, read straight from the database.
      if (isMissingIncrementalCache(err)) return read(...args);
      throw err;
    }
    return superjson.deserialize<R>(stored);
  };
}

/** Thrown inside a cached read so that a miss is not stored (unstable_cache keeps only results). */
class Miss extends Error {}

/**
 * A read by slug: a slug of the wrong shape never reaches the cache or the database, and a miss is answered
 * from the database each time instead of being stored, so junk URLs add no cache entries.
 */
export function cachedBySlug<S extends string, R>(
  key: string,
  read: (slug: S) => Promise<R | null>,
  tags: (slug: S) => string[],
  revalidate: number,
): (slug: S) => Promise<R | null> {
  const hit = cached(
    key,
    async (slug: S) => {
      const found = await read(slug);
      if (found === null) throw new Miss();
      return found;
    },
    tags,
    revalidate,
  );
  return async (slug: S) => {
    if (!slugSchema.safeParse(slug).success) return null;
    try {
      return await hit(slug);
    } catch (err) {
      if (err instanceof Miss) return null;
      throw err;
    }
  };
}
