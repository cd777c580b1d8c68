import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { newsletterStatsInputSchema, newsletterStatsSchema } from "../schema.ts";
import { newsletterStats } from "./stats.ts";

/**
 * Admin › Estadísticas › Boletín, mounted beside the analytics feature's `admin.stats.*` by the composition
 * root: the newsletter owns these tables, and the analytics feature is already one of its inputs (the ranking).
 */
export const adminNewsletterStatsRouter = createTRPCRouter({
  newsletter: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/stats/newsletter",
        tags: ["admin"],
        summary: "Newsletter: recipients, delivered, bounced and clicks per item of each issue; subscriptions per week",
      },
    })
    .input(newsletterStatsInputSchema.optional())
    .output(newsletterStatsSchema)
    .query(({ ctx, input }) => newsletterStats(ctx.db, input?.weeks ?? 12)),
});
