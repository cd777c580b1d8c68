/**
 * The settings read when used rather than once at start-up (env.js): the launcher sets DATABASE_URL and
 * NEXTAUTH_SECRET after some modules are loaded, tests change the rate-limit windows and origins between
 * runs, and the proxy and the browser bundle must not load the validated schema. This module and env.js are
 * the only readers of `process.env` in src/.
 */

/** Where the code runs; inlined by Next.js at build time, so safe in the browser bundle and the proxy. */
export const isDevelopment = () => process.env.NODE_ENV === "development";
/** "nodejs" or "edge" inside Next.js; undefined in tests and scripts (no data cache there). */
export const nextRuntime = () => process.env.NEXT_RUNTIME;

export const databaseUrl = () => process.env.DATABASE_URL || undefined;
export const authSecret = () => process.env.NEXTAUTH_SECRET || undefined;
export const authUrl = () => process.env.NEXTAUTH_URL || undefined;
export const siteUrlSetting = () => process.env.SITE_URL || undefined;

/**
 * next-auth reads NEXTAUTH_URL on every request to build its redirects, and falls back to
 * http://localhost:3000: unset, it is the site's own origin (src/instrumentation.ts applies this at start).
 */
export function defaultAuthUrl(siteOrigin: string): void {
  if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = siteOrigin;
}

/** `RATE_LIMIT_<NAME>` (points/seconds, see .env.example), raw; the limiter parses it. */
export const rateLimitSetting = (name: string) => process.env[`RATE_LIMIT_${name.toUpperCase().replace(/-/g, "_")}`];

/** The shared data cache (src/platform/cache/redis-cache-handler.mjs); unset → Next's in-process cache. */
export const redisUrl = () => process.env.REDIS_URL || undefined;
/** The database's identity the launcher hands the server (env.js DATABASE_ID); the cache handler keys on it. */
export const databaseIdSetting = () => process.env.DATABASE_ID || undefined;

export const prismaLogQueries = () => !!process.env.PRISMA_LOG_QUERIES;
