import { log } from "~/platform/log/logger.ts";
import { type Lane, registerJobs, setLane } from "./catalog.ts";
import { inngest, inngestConfigured } from "./client.ts";
import type { AnyJob } from "./contract.ts";
import { getEngine, stopEngine } from "./engine/engine.ts";
import { latestClaimedSlot, previousFire } from "./engine/schedules.ts";

/**
 * Under Inngest a fire missed while the site was down is not replayed by Inngest: at start, a `catchUp` job
 * whose schedule fired before (a claimed slot exists) but whose latest slot is unclaimed gets one event for
 * that slot (the event id deduplicates instances starting together; the slot claim stops a double run).
 */
async function catchUpOnInngest(jobs: readonly AnyJob[]) {
  for (const job of jobs) {
    if (!job.cron || !job.catchUp) continue;
    const slot = previousFire(job.cron);
    const latest = await latestClaimedSlot(job.name);
    if (latest === null || latest >= slot) continue;
    await inngest.send({ name: job.name, data: { slot: slot.toISOString() }, id: `${job.name}:${slot.toISOString()}` });
  }
}

/**
 * At server start: registers the app's jobs (the composition root passes its list) and starts the embedded
 * engine in the server process (Inngest, when configured, calls /api/inngest instead). `lane` names the jobs
 * this process works when another process works some of them (see catalog.ts).
 */
export async function startJobs(jobs: readonly AnyJob[], lane: Lane = {}): Promise<void> {
  registerJobs(jobs);
  setLane(lane);
  if (inngestConfigured) {
    await catchUpOnInngest(jobs).catch((e) => log.error(`[jobs] schedules: ${(e as Error).message}`));
    return;
  }
  try {
    const engine = await getEngine();
    log.info(`[jobs] embedded engine started (pg-boss, schema ${engine.schema})`);
  } catch (err) {
    log.error(`[jobs] the job engine did not start: ${(err as Error).message}`);
    return;
  }
  // A graceful stop lets running steps finish; a kill -9 is recovered by the next process (see engine.ts).
  // A signal arriving again meanwhile (the launcher's and the process group's) must not end it early.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stopEngine().finally(() => process.exit(0));
    });
}
