import fs from "node:fs";
import path from "node:path";

/**
 * Every use the app makes of a Next.js private API or message text, in one place. Each is guarded by
 * tests/unit/next-internals.test.ts against the installed next, so an upgrade that changes one fails there
 * loudly instead of silently turning off a cache expiry, a fallback or the 404 decision.
 */

/** The start of the error unstable_cache throws where neither a render nor the server provides a cache. */
export const MISSING_INCREMENTAL_CACHE = "Invariant: incrementalCache missing";

export const isMissingIncrementalCache = (err: unknown): boolean =>
  err instanceof Error && err.message.startsWith(MISSING_INCREMENTAL_CACHE);

/** What the app uses of Next's IncrementalCache (next/dist/server/lib/incremental-cache). */
export type NextIncrementalCache = {
  /** Unset on the caches Next's proxy adapter makes. */
  cacheHandler?: unknown;
  revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void>;
};

/** The global where Next's server keeps its cache once it has served a request (next-server.js). */
export const INCREMENTAL_CACHE_GLOBAL = "__incrementalCache";

export const nextIncrementalCache = (): NextIncrementalCache | undefined =>
  (globalThis as Record<string, unknown>)[INCREMENTAL_CACHE_GLOBAL] as NextIncrementalCache | undefined;

/** The build's manifest of app routes: `{ "/[locale]/noticias/[slug]/page": "/[locale]/noticias/[slug]", … }`. */
export const APP_PATH_ROUTES_MANIFEST = "app-path-routes-manifest.json";

/** The app routes of the build in `distDir` (e.g. `/[locale]/noticias/[slug]`); throws where there is none. */
export function readAppPathRoutes(distDir: string): string[] {
  const file = path.join(process.cwd(), distDir, APP_PATH_ROUTES_MANIFEST);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  return Object.values(manifest);
}
