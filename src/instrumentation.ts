import { databaseIdSetting, databaseUrl, defaultAuthUrl, redisUrl } from "~/platform/env/live.ts";

/**
 * Server start: warns about a missing SITE_URL in production, points next-auth at the site's origin,
 * starts the embedded job engine with the site (workers, schedules, recovery of runs left by a stopped
 * process) unless Inngest runs the jobs, and follows the cache expiries other processes announce.
 */
export async function register() {
  // process.env is read here, not through src/platform/env, because the bundler replaces these literals at
  // build time and drops the branches another runtime never takes. Behind a function call it could not: the
  // Edge build compiled the whole app a second time (the job list reaches every feature), a third of the build.
  // biome-ignore lint/style/noProcessEnv: a literal the bundler replaces per runtime (see above)
  if (process.env.NEXT_RUNTIME === "edge") return;
  const { siteUrl, siteUrlWarning } = await import("~/platform/http/site-url.ts");
  const warning = siteUrlWarning();
  if (warning) (await import("~/platform/log/logger.ts")).log.child({ scope: "site" }).warn(warning);
  defaultAuthUrl(siteUrl());
  // Only Next's own Node server runs the engine (not scripts or tests that call register()).
  // biome-ignore lint/style/noProcessEnv: a literal the bundler replaces per runtime (see above)
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startAppJobs } = await import("./server/job-list.ts");
    await startAppJobs();
    // Without the database's identity the cache handler cannot key pages on it, so it shares none through Redis.
    if (redisUrl() && !databaseIdSetting())
      (await import("~/platform/log/logger.ts")).log
        .child({ scope: "cache" })
        .warn("DATABASE_ID is not set (the launcher reads it from the database): nothing is shared through REDIS_URL");
    // The in-process data cache hears the expiries of processes that cannot reach it (the send's own process).
    const url = databaseUrl();
    if (url && !redisUrl()) await (await import("~/platform/cache/expire-tags.ts")).followTagExpiries(url);
  }
}
