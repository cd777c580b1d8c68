import { z } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { adminProcedure, createTRPCRouter, mergeRouters } from "~/platform/trpc/trpc.ts";
import { listChangedSources, markChangedSourceReviewed } from "./changed-sources.ts";
import { listDeadSources } from "./link-check.ts";
import { getLinkCheckSettings, linkCheckSettingsSchema, saveLinkCheckSettings } from "./link-check-cadence.ts";
import type { ReportStore } from "./report-store.ts";
import { articleVerificationSchema, slugInputSchema, snapshotCopySchema, snapshotIdSchema } from "./schema.ts";
import { getSnapshot, getVerification, reverifyArticle } from "./verification-service.ts";

const tags = ["publications"];

const changedSourceSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  url: z.string(),
  old_snapshot_id: z.string(),
  new_snapshot_id: z.string(),
  claims: z.array(
    z.object({
      lang: z.string(),
      kind: z.string(),
      claim: z.string(),
      sentence: z.string(),
      old_passage: z.string(),
      new_passage: z.string().nullable(),
    }),
  ),
  found_at: z.date(),
  reviewed_at: z.date().nullable(),
});

/** The stored copies of sources, and what the link check found in them (dead, moved, changed) and its cadence. */
const sourceChecksRouter = createTRPCRouter({
  /** "Fuentes consultadas": one snapshot with the text the draft was checked against and the facts it states. */
  snapshot: adminProcedure
    .input(snapshotIdSchema)
    .output(snapshotCopySchema)
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
  /** "Fuentes cambiadas": claims of published articles their sources' new text no longer supports. */
  changedSources: adminProcedure.output(z.array(changedSourceSchema)).query(({ ctx }) => listChangedSources(ctx.db)),
  markChangedSourceReviewed: adminProcedure
    .meta({ audit: { action: "changed_source.review", target: "changed_source" } })
    .input(z.object({ id: z.string().min(1).max(64) }))
    .output(z.object({ id: z.string(), reviewed: z.boolean() }))
    .mutation(({ ctx, input }) => markChangedSourceReviewed(ctx.db, input.id, actorFromSession(ctx.session))),
  /** How often the link check re-reads an article's sources: recent articles, and older ones. */
  linkCheckSettings: adminProcedure.output(linkCheckSettingsSchema).query(({ ctx }) => getLinkCheckSettings(ctx.db)),
  updateLinkCheckSettings: adminProcedure
    .meta({ audit: { action: "link_check.settings", target: "settings" } })
    .input(linkCheckSettingsSchema)
    .output(linkCheckSettingsSchema)
    .mutation(({ ctx, input }) => saveLinkCheckSettings(ctx.db, input)),
});

/**
 * The verification of grounded drafts: the report, a re-check that fetches the sources again, the snapshots,
 * and the link check's lists and cadence. Reports are read and stored in `store` (the desk's revisions).
 */
export const adminVerificationRouter = (store: ReportStore) =>
  mergeRouters(
    createTRPCRouter({
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
        .query(({ ctx, input }) => getVerification(ctx.db, store, input.slug)),
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
        .mutation(({ ctx, input }) => reverifyArticle(ctx.db, store, input.slug, actorFromSession(ctx.session))),
    }),
    sourceChecksRouter,
  );
