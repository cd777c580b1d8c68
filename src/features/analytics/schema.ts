import { z } from "zod";

/** What the beacon posts: the page's path and query as the reader sees it, and the document's referrer. */
export const hitInputSchema = z.object({
  p: z.string().startsWith("/").max(2048),
  r: z.string().max(2048).optional(),
});
export type HitInput = z.infer<typeof hitInputSchema>;

export { HIT_PATH } from "./hit-path.ts";

/** The periods the admin's Estadísticas shows, each compared with the one before it. */
export const statsRangeSchema = z.object({ range: z.enum(["24h", "7d", "30d"]).default("7d") });
export type StatsRange = z.infer<typeof statsRangeSchema>["range"];

const bucketSchema = z.object({ at: z.date(), views: z.number().int(), visitors: z.number().int() });
const rankedSchema = z.object({ value: z.string(), views: z.number().int(), visitors: z.number().int() });

/** Traffic over a period: a series, its totals and the previous period's, and the top values per dimension. */
export const statsOverviewSchema = z.object({
  range: z.enum(["24h", "7d", "30d"]),
  series: z.array(bucketSchema),
  totals: z.object({ views: z.number().int(), visitors: z.number().int() }),
  previous: z.object({ views: z.number().int(), visitors: z.number().int() }),
  pieces: z.array(rankedSchema),
  pages: z.array(rankedSchema),
  referrers: z.array(rankedSchema),
  sources: z.array(rankedSchema),
  campaigns: z.array(rankedSchema),
  languages: z.array(rankedSchema),
  devices: z.array(rankedSchema),
});
export type StatsOverview = z.infer<typeof statsOverviewSchema>;

/** The last 30 minutes, from the raw hits: per-minute views, unique visitors and the pages being read. */
export const statsRealtimeSchema = z.object({
  views: z.number().int(),
  visitors: z.number().int(),
  minutes: z.array(bucketSchema),
  pages: z.array(rankedSchema),
});
export type StatsRealtime = z.infer<typeof statsRealtimeSchema>;
