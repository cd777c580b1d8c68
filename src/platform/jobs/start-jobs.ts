import type { AnyJob } from "./define-job.ts";
import { type Lane, registerJobs, setLane } from "./job-registry.ts";
import { jobs } from "./jobs-client.ts";

/**
 * At server start: registers the app's jobs (the composition root passes its list) and starts the provider's
 * side in this process: the embedded engine's workers and schedules, or, under Inngest (which calls
 * /api/inngest), the catch-up of missed fires. `lane` names the jobs this process works when another process
 * works some of them (see job-registry.ts).
 */
export async function startJobs(list: readonly AnyJob[], lane: Lane = {}): Promise<void> {
  registerJobs(list);
  setLane(lane);
  await jobs.start(list);
}
