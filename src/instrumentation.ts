/**
 * Server start: warns about a missing SITE_URL in production, and starts the embedded job engine with the site
 * (workers, schedules, recovery of runs left by a stopped process), unless Inngest runs the jobs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "edge") return;
  const { siteUrlWarning } = await import("~/lib/site-url.ts");
  const warning = siteUrlWarning();
  if (warning) console.warn(warning);
  // Only Next's own Node server runs the engine (not scripts or tests that call register()).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobs } = await import("./server/jobs/boot.ts");
  await startJobs();
}
