import parser from "cron-parser";
import { db } from "~/platform/db/db.ts";

/**
 * The schedules' arithmetic and their fire slots, the same whichever provider fires them. Crons are written
 * as Inngest writes them ("TZ=Europe/Madrid 0 8 * * 5", or plain "* * * * *" in UTC); pg-boss and cron-parser
 * take the time zone apart.
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

/** The latest slot of a schedule that some instance claimed, or null when it never fired. */
export async function latestClaimedSlot(name: string): Promise<Date | null> {
  const fire = await db.jobScheduleFire.findFirst({
    where: { name },
    orderBy: { slot: "desc" },
    select: { slot: true },
  });
  return fire?.slot ?? null;
}
