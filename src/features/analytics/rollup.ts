import type { DbClient } from "~/platform/db/client.ts";
import { forgetCachedSalt, utcDay } from "./visitor.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Raw hits are kept this long, then only the rollups remain. */
export const RAW_RETENTION_MS = 48 * HOUR;
/** Hourly rollups serve the last day's chart and its comparison; older hours live on in the daily rows. */
export const HOURLY_RETENTION_MS = 14 * DAY;
/** Yesterday is rolled up again during the first hours of today (late reports and a job that was down). */
const LATE_MS = 3 * HOUR;
/** A rollup of a busy day may take longer than Prisma's default 5 s transaction budget. */
const TX = { timeout: 10 * 60_000, maxWait: 60_000 };

// Every dimension a hit counts in; a null value (no referrer's campaign…) skips that dimension, except the
// referrer, whose "" means a direct visit.
const DIMENSIONS = `(VALUES ('total', ''), ('page', h.path), ('piece', h.kind || ':' || h.slug),
  ('referrer', COALESCE(h.referrer, '')), ('source', h.utm_source), ('campaign', h.utm_campaign),
  ('lang', h.lang), ('device', h.device)) AS d(dimension, value)`;

/** Recomputes the hourly rows of [from, to) from the raw hits (whole hours). */
async function rollUpHours(db: DbClient, from: Date, to: Date) {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM analytics_hourly WHERE hour >= ${from} AND hour < ${to}`;
    await tx.$executeRawUnsafe(
      `INSERT INTO analytics_hourly (hour, dimension, value, views, visitors)
       SELECT date_trunc('hour', h.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', d.dimension, d.value,
              count(*), count(DISTINCT h.visitor)
       FROM analytics_hits h CROSS JOIN LATERAL ${DIMENSIONS}
       WHERE h.at >= $1 AND h.at < $2 AND d.value IS NOT NULL
       GROUP BY 1, 2, 3`,
      from,
      to,
    );
  }, TX);
}

/** Recomputes one UTC day's rows; `visitors` are that day's unique visitor ids. */
async function rollUpDay(db: DbClient, day: Date) {
  const next = new Date(day.getTime() + DAY);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM analytics_daily WHERE day = ${day}::date`;
    await tx.$executeRawUnsafe(
      `INSERT INTO analytics_daily (day, dimension, value, views, visitors)
       SELECT $1::date, d.dimension, d.value, count(*), count(DISTINCT h.visitor)
       FROM analytics_hits h CROSS JOIN LATERAL ${DIMENSIONS}
       WHERE h.at >= $1 AND h.at < $2 AND d.value IS NOT NULL
       GROUP BY 2, 3`,
      day,
      next,
    );
  }, TX);
}

export interface MaintenanceResult {
  hoursRolledUp: number;
  daysRolledUp: number;
  rawDeleted: number;
  hourlyDeleted: number;
  saltsDeleted: number;
}

/**
 * The analytics job's work, idempotent: roll up the last hours and today (yesterday too early in the day),
 * delete raw hits past 48 hours and old hourly rows, and delete every salt but today's.
 */
export async function maintainAnalytics(db: DbClient, now = new Date()): Promise<MaintenanceResult> {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const from = new Date(hourStart.getTime() - 2 * HOUR);
  await rollUpHours(db, from, new Date(hourStart.getTime() + HOUR));
  const today = utcDay(now);
  const days = now.getTime() - today.getTime() < LATE_MS ? [new Date(today.getTime() - DAY), today] : [today];
  for (const day of days) await rollUpDay(db, day);
  const rawDeleted = await db.$executeRaw`DELETE FROM analytics_hits
    WHERE at < ${new Date(now.getTime() - RAW_RETENTION_MS)}`;
  const hourlyDeleted = await db.$executeRaw`DELETE FROM analytics_hourly
    WHERE hour < ${new Date(now.getTime() - HOURLY_RETENTION_MS)}`;
  const saltsDeleted = await db.$executeRaw`DELETE FROM analytics_salts WHERE day < ${today}::date`;
  if (saltsDeleted > 0) forgetCachedSalt();
  return { hoursRolledUp: 3, daysRolledUp: days.length, rawDeleted, hourlyDeleted, saltsDeleted };
}

/** Rolls up every hour and day still held in the raw hits (the bench's bulk load, a first start). */
export async function rollUpEverything(db: DbClient): Promise<void> {
  const [range] = await db.$queryRaw<{ min: Date | null; max: Date | null }[]>`
    SELECT min(at) AS min, max(at) AS max FROM analytics_hits`;
  if (!range?.min || !range.max) return;
  for (let day = utcDay(range.min); day <= range.max; day = new Date(day.getTime() + DAY)) {
    await rollUpHours(db, day, new Date(day.getTime() + DAY));
    await rollUpDay(db, day);
  }
}
