import { defaultAuthUrl, nextRuntime } from "~/platform/env/live.ts";

/**
 * Server start: warns about a missing SITE_URL in production, points next-auth at the site's origin, and
 * starts the embedded job engine with the site (workers, schedules, recovery of runs left by a stopped
 * process), unless Inngest runs the jobs.
 */
export async function register() {
  if (nextRuntime() === "edge") return;
  const { siteUrl, siteUrlWarning } = await import("~/platform/http/site-url.ts");
  const warning = siteUrlWarning();
  if (warning) console.warn(warning);
  defaultAuthUrl(siteUrl());
  // Only Next's own Node server runs the engine (not scripts or tests that call register()).
  if (nextRuntime() !== "nodejs") return;
  const { startAppJobs } = await import("./server/jobs.ts");
  await startAppJobs();
}
