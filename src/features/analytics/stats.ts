import type { DbClient } from "~/platform/db/client.ts";
import type { StatsOverview, StatsRange, StatsRealtime } from "./schema.ts";
import { utcDay } from "./visitor.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOP = 10;
const DIMENSIONS = {
  pieces: "piece",
  pages: "page",
  referrers: "referrer",
  sources: "source",
  campaigns: "campaign",
  languages: "lang",
  devices: "device",
} as const;

interface Window {
  table: "analytics_hourly" | "analytics_daily";
  column: "hour" | "day";
  from: Date;
  to: Date;
  step: number;
}

/** The period's buckets: the last 24 hours by hour, 7 or 30 days by UTC day (today included). */
function windowOf(range: StatsRange, now: Date): Window {
  if (range === "24h") {
    const to = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
    return { table: "analytics_hourly", column: "hour", from: new Date(to.getTime() - DAY), to, step: HOUR };
  }
  const days = range === "7d" ? 7 : 30;
  const to = new Date(utcDay(now).getTime() + DAY);
  return { table: "analytics_daily", column: "day", from: new Date(to.getTime() - days * DAY), to, step: DAY };
}

const toInt = (v: bigint | number | null) => Number(v ?? 0);

async function totals(db: DbClient, w: Window, from: Date, to: Date) {
  const [row] = await db.$queryRawUnsafe<{ views: bigint | null; visitors: bigint | null }[]>(
    `SELECT sum(views) AS views, sum(visitors) AS visitors FROM ${w.table}
     WHERE dimension = 'total' AND ${w.column} >= $1 AND ${w.column} < $2`,
    from,
    to,
  );
  return { views: toInt(row?.views ?? 0), visitors: toInt(row?.visitors ?? 0) };
}

async function top(db: DbClient, w: Window, dimension: string) {
  const rows = await db.$queryRawUnsafe<{ value: string; views: bigint; visitors: bigint }[]>(
    `SELECT value, sum(views) AS views, sum(visitors) AS visitors FROM ${w.table}
     WHERE dimension = $1 AND ${w.column} >= $2 AND ${w.column} < $3
     GROUP BY value ORDER BY sum(visitors) DESC, sum(views) DESC, value LIMIT ${TOP}`,
    dimension,
    w.from,
    w.to,
  );
  return rows.map((r) => ({ value: r.value, views: toInt(r.views), visitors: toInt(r.visitors) }));
}

/**
 * Traffic of a period, read from the rollups only. Visitors are unique per bucket (hour or day) and added
 * up over the period: ids of different days cannot be joined, by design.
 */
export async function statsOverview(db: DbClient, range: StatsRange, now = new Date()): Promise<StatsOverview> {
  const w = windowOf(range, now);
  const rows = await db.$queryRawUnsafe<{ at: Date; views: number; visitors: number }[]>(
    `SELECT ${w.column}::timestamptz AS at, views, visitors FROM ${w.table}
     WHERE dimension = 'total' AND ${w.column} >= $1 AND ${w.column} < $2`,
    w.from,
    w.to,
  );
  const byTime = new Map(rows.map((r) => [new Date(r.at).getTime(), r]));
  const series = [];
  for (let t = w.from.getTime(); t < w.to.getTime(); t += w.step) {
    const r = byTime.get(t);
    series.push({ at: new Date(t), views: r?.views ?? 0, visitors: r?.visitors ?? 0 });
  }
  const span = w.to.getTime() - w.from.getTime();
  const entries = await Promise.all(
    Object.entries(DIMENSIONS).map(async ([key, dimension]) => [key, await top(db, w, dimension)] as const),
  );
  return {
    range,
    series,
    totals: await totals(db, w, w.from, w.to),
    previous: await totals(db, w, new Date(w.from.getTime() - span), w.from),
    ...(Object.fromEntries(entries) as Record<keyof typeof DIMENSIONS, StatsOverview["pieces"]>),
  };
}

/** The last 30 minutes from the raw hits (a small, indexed slice of them). */
export async function statsRealtime(db: DbClient, now = new Date()): Promise<StatsRealtime> {
  const from = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 29 * 60_000);
  const [sum] = await db.$queryRaw<{ views: bigint; visitors: bigint }[]>`
    SELECT count(*) AS views, count(DISTINCT visitor) AS visitors FROM analytics_hits WHERE at >= ${from}`;
  const perMinute = await db.$queryRaw<{ at: Date; views: bigint; visitors: bigint }[]>`
    SELECT date_trunc('minute', at) AS at, count(*) AS views, count(DISTINCT visitor) AS visitors
    FROM analytics_hits WHERE at >= ${from} GROUP BY 1`;
  const pages = await db.$queryRaw<{ value: string; views: bigint; visitors: bigint }[]>`
    SELECT path AS value, count(*) AS views, count(DISTINCT visitor) AS visitors FROM analytics_hits
    WHERE at >= ${from} GROUP BY path ORDER BY count(DISTINCT visitor) DESC, count(*) DESC, path LIMIT ${TOP}`;
  const byMinute = new Map(perMinute.map((m) => [new Date(m.at).getTime(), m]));
  const minutes = [];
  for (let t = from.getTime(); t <= now.getTime(); t += 60_000) {
    const m = byMinute.get(t);
    minutes.push({ at: new Date(t), views: toInt(m?.views ?? 0), visitors: toInt(m?.visitors ?? 0) });
  }
  return {
    views: toInt(sum?.views ?? 0),
    visitors: toInt(sum?.visitors ?? 0),
    minutes,
    pages: pages.map((p) => ({ value: p.value, views: toInt(p.views), visitors: toInt(p.visitors) })),
  };
}
