import type { DbClient } from "~/platform/db/client.ts";
import { utcDay } from "./visitor.ts";

const DAY = 86_400_000;

/**
 * Unique daily readers of each article and interview ("article:slug", "interview:slug") over the UTC days of
 * from…to (both days included): each day's unique visitor ids, added up over the days (ids of different days cannot be joined,
 * so a reader who comes back on three days counts three times, and a thousand requests in a day once).
 */
export async function dailyReaders(db: DbClient, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ value: string; readers: bigint }[]>`
    SELECT value, sum(visitors) AS readers FROM analytics_daily
    WHERE dimension = 'piece' AND day >= ${utcDay(from)}::date AND day <= ${utcDay(to)}::date
    GROUP BY value`;
  return new Map(rows.map((r) => [r.value, Number(r.readers)]));
}

/** Unique daily readers of one piece in its first 7 days from `since` (the desk shows it per article). */
export async function firstWeekReaders(
  db: DbClient,
  pieces: readonly { kind: "article" | "interview"; slug: string; since: Date }[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (pieces.length === 0) return result;
  const since = new Map(pieces.map((p) => [`${p.kind}:${p.slug}`, utcDay(p.since).getTime()]));
  // Only the days some piece's first week covers: the index on (dimension, day) then reads a slice.
  const first = new Date(Math.min(...since.values()));
  const last = new Date(Math.max(...since.values()) + 6 * DAY);
  const rows = await db.$queryRaw<{ value: string; day: Date; visitors: number }[]>`
    SELECT value, day, visitors FROM analytics_daily
    WHERE dimension = 'piece' AND day >= ${first}::date AND day <= ${last}::date
      AND value = ANY(${[...since.keys()]}::text[])`;
  for (const r of rows) {
    const start = since.get(r.value);
    const day = new Date(r.day).getTime();
    if (start === undefined || day < start || day >= start + 7 * DAY) continue;
    result.set(r.value, (result.get(r.value) ?? 0) + r.visitors);
  }
  return result;
}
