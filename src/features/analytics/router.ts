import { emptyInputSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { statsOverviewSchema, statsRangeSchema, statsRealtimeSchema } from "./schema.ts";
import { statsOverview, statsRealtime } from "./stats.ts";

/** Admin › Estadísticas: traffic from the rollups, and the last 30 minutes. */
export const adminStatsRouter = createTRPCRouter({
  overview: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/stats/overview",
        tags: ["admin"],
        summary: "Visitors, page views and top pages, referrers, campaigns, languages and devices of a period",
      },
    })
    .input(statsRangeSchema)
    .output(statsOverviewSchema)
    .query(({ ctx, input }) => statsOverview(ctx.db, input.range)),
  realtime: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/stats/realtime", tags: ["admin"], summary: "The last 30 minutes" },
    })
    .input(emptyInputSchema.optional())
    .output(statsRealtimeSchema)
    .query(({ ctx }) => statsRealtime(ctx.db)),
});
