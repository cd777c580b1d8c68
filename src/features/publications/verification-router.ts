import { z } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listDeadSources } from "./link-check.ts";
import { articleVerificationSchema, slugInputSchema, snapshotIdSchema, snapshotSummarySchema } from "./schema.ts";
import { getSnapshot, getVerification, reverifyArticle } from "./verification-service.ts";

const tags = ["publications"];

/** The verification of grounded drafts: the report, a re-check that fetches the sources again, the snapshots. */
export const adminVerificationRouter = createTRPCRouter({
  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/articles/{slug}/verification",
        tags,
        summary: "An article's verification report",
      },
    })
    .input(slugInputSchema)
    .output(articleVerificationSchema)
    .query(({ ctx, input }) => getVerification(ctx.db, input.slug)),
  reverify: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/articles/{slug}/verification",
        tags,
        summary: "Verify again, fetching the article's sources again",
      },
      audit: { action: "article.verify", target: "article" },
    })
    .input(slugInputSchema)
    .output(articleVerificationSchema)
    .mutation(({ ctx, input }) => reverifyArticle(ctx.db, input.slug, actorFromSession(ctx.session))),
  /** "Fuentes consultadas": one snapshot with the text the draft was checked against. */
  snapshot: adminProcedure
    .input(snapshotIdSchema)
    .output(snapshotSummarySchema.extend({ text: z.string() }))
    .query(({ ctx, input }) => getSnapshot(ctx.db, input.id)),
  /** "Fuentes caídas": sources of published articles the weekly check found dead or moved. */
  deadSources: adminProcedure
    .output(
      z.array(
        z.object({
          slug: z.string(),
          title: z.string(),
          url: z.string(),
          state: z.string(),
          detail: z.string().nullable(),
          final_url: z.string().nullable(),
          checked_at: z.date().nullable(),
        }),
      ),
    )
    .query(({ ctx }) => listDeadSources(ctx.db)),
});
