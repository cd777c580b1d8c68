import { type Lane, registerJobs, setLane } from "./catalog.ts";
import type { AnyJob } from "./contract.ts";
import { jobs } from "./jobs-port.ts";

/**
 * At server start: registers the app's jobs (the composition root passes its list) and starts the provider's
 * side in this process: the embedded engine's workers and schedules, or, under Inngest (which calls
 * /api/inngest), the catch-up of missed fires. `lane` names the jobs this process works when another process
 * works some of them (see catalog.ts).
 */
export async function startJobs(list: readonly AnyJob[], lane: Lane = {}): Promise<void> {
  registerJobs(list);
  setLane(lane);
  await jobs.start(list);
}
