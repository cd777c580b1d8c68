import parser from "cron-parser";
import { db } from "~/platform/db/db.ts";
import { log } from "~/platform/log/logger.ts";
import { registeredJobs } from "../catalog.ts";
import { type Engine, runIdFor, sendOptions } from "./engine-api.ts";

/**
 * Crons are written as Inngest writes them ("TZ=Europe/Madrid 0 8 * * 5", or plain "* * * * *" in UTC);
 * pg-boss and cron-parser take the time zone apart.
 */
export function engineCron(cron: string): { expression: string; tz: string } {
  const m = /^(?:CRON_)?TZ=(\S+)\s+(.+)$/.exec(cron.trim());
  return m ? { tz: m[1]!, expression: m[2]!.trim() } : { tz: "UTC", expression: cron.trim() };
}

export function nextFire(cron: string, from = new Date()): Date {
  const c = engineCron(cron);
  return parser.parseExpression(c.expression, { tz: c.tz, currentDate: from }).next().toDate();
}

/** The latest fire at or before `at`. */
export function previousFire(cron: string, at = new Date()): Date {
  const c = engineCron(cron);
  return parser
    .parseExpression(c.expression, { tz: c.tz, currentDate: new Date(at.getTime() + 1000) })
    .prev()
    .toDate();
}

/**
 * Claims a fire slot of a schedule for one run: true for the first claimant only, whichever engine, instance
 * or catch-up fired it. A run that claimed the slot and is retried (same run id) claims it again.
 */
export async function claimScheduleSlot(name: string, slot: Date, runKey: string): Promise<boolean> {
  await db.$executeRaw`INSERT INTO job_schedule_fires (name, slot, run_id) VALUES (${name}, ${slot}, ${runKey})
    ON CONFLICT (name, slot) DO NOTHING`;
  const row = await db.jobScheduleFire.findUnique({ where: { name_slot: { name, slot } }, select: { run_id: true } });
  return row?.run_id === runKey;
}

/**
 * A fire missed while the site was down: at start, a job with `catchUp` whose latest slot has passed and was
 * never claimed is enqueued once for that slot (its enqueue id is the slot, so instances starting together
 * enqueue it once; the slot claim stops a run that the schedule also started).
 */
export async function catchUpMissedFires(engine: Engine): Promise<void> {
  for (const job of registeredJobs()) {
    if (!job.cron || !job.catchUp) continue;
    const slot = previousFire(job.cron);
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
    if (sent) log.info(`[jobs] ${job.name}: catching up the fire of ${slot.toISOString()}`);
  }
}

/** The latest slot of a schedule that some instance claimed, or null when it never fired. */
export async function latestClaimedSlot(name: string): Promise<Date | null> {
  const fire = await db.jobScheduleFire.findFirst({
    where: { name },
    orderBy: { slot: "desc" },
    select: { slot: true },
  });
  return fire?.slot ?? null;
}
