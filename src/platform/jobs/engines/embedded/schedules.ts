import { db } from "~/platform/db/db.ts";
import { registeredJobs } from "../../job-registry.ts";
import { jobsLog } from "../../log.ts";
import { previousFire } from "../../schedules.ts";
import { type Engine, runIdFor, sendOptions } from "./engine-api.ts";

export { claimScheduleSlot, engineCron, latestClaimedSlot, nextFire, previousFire } from "../../schedules.ts";

/**
 * A fire missed while the site was down: at start, a job with `catchUp` whose latest slot has passed and was
 * never claimed is enqueued once for that slot (its enqueue id is the slot, so instances starting together
 * enqueue it once; the slot claim stops a run that the schedule also started). `now`: the start's time.
 */
export async function catchUpMissedFires(engine: Engine, now = new Date()): Promise<void> {
  for (const job of registeredJobs()) {
    if (!job.cron || !job.catchUp) continue;
    const slot = previousFire(job.cron, now);
    const claimed = await db.jobScheduleFire.findUnique({ where: { name_slot: { name: job.name, slot } } });
    if (claimed) continue;
    // Only a slot that passed after the schedule existed: a fresh install does not send last week's mail.
    const since = await db.$queryRawUnsafe<{ at: Date }[]>(
      `SELECT created_on AS at FROM ${engine.schema}.schedule WHERE name = $1`,
      job.name,
    );
    if (!since[0] || since[0].at > slot) continue;
    const id = runIdFor(job.name, `slot:${slot.toISOString()}`);
    const sent = await engine.boss.send(job.name, { slot: slot.toISOString() }, { id, ...sendOptions(job) });
    if (sent) jobsLog.info({ job: job.name, slot: slot.toISOString() }, "catching up a missed fire");
  }
}
