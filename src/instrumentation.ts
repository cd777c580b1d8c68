/**
 * Server start: the embedded job engine starts with the site (workers, schedules, recovery of runs left by
 * a stopped process), unless Inngest runs the jobs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobs } = await import("./server/jobs/boot.ts");
  await startJobs();
}
