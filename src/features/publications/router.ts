import { z } from "zod";
import { articleSchema } from "~/features/articles/schema.ts";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { messageSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { checkedSources, editArticle } from "./edit-article.ts";
import { deskFirstWeekReaders } from "./first-week-readers.ts";
import { listUnreviewed, reviewPublished } from "./responsibility.ts";
import {
  deleteArticle,
  listApproved,
  listDrafts,
  listScheduled,
  renderArticleBodies,
  renderMarkdownPreview,
  requestImageRegeneration,
  reviewArticle,
  toggleFeatured,
  toggleStatic,
} from "./review.ts";
import { scheduleArticle } from "./schedule.ts";
import {
  articleEditSchema,
  checkedSourceSchema,
  reviewDecisionSchema,
  scheduleInputSchema,
  slugInputSchema,
} from "./schema.ts";

const tags = ["publications"];

export const adminPublicationsRouter = createTRPCRouter({
  drafts: adminProcedure
    .meta({ openapi: { method: "GET", path: "/articles/status/draft", tags, summary: "Review queue (drafts)" } })
    .input(z.object({}).optional())
    .output(z.array(articleSchema))
    .query(({ ctx }) => listDrafts(ctx.db)),
  approved: adminProcedure.output(z.array(articleSchema)).query(({ ctx }) => listApproved(ctx.db)),
  scheduled: adminProcedure.output(z.array(articleSchema)).query(({ ctx }) => listScheduled(ctx.db)),
  /** Sin revisión humana: published agent articles no editor has answered for. */
  unreviewed: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/articles/status/unreviewed", tags, summary: "Published with no human review" },
    })
    .input(z.object({}).optional())
    .output(z.array(articleSchema))
    .query(({ ctx }) => listUnreviewed(ctx.db)),
  /** The editor reviews an auto-published article and takes responsibility for it. */
  markReviewed: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/reviewed", tags, summary: "Review an auto-published article" },
      audit: { action: "article.review", target: "article" },
    })
    .input(slugInputSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => reviewPublished(ctx.db, input.slug, actorFromSession(ctx.session))),
  review: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}", tags, summary: "Approve or reject an article" },
      audit: {
        action: (i) =>
          i.status === "rejected" ? "article.reject" : i.publish_at ? "article.schedule" : "article.approve",
        target: "article",
      },
    })
    .input(reviewDecisionSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) =>
      reviewArticle(
        ctx.db,
        input.slug,
        input.status,
        actorFromSession(ctx.session),
        input.publish_at,
        input.confirm_findings,
      ),
    ),
  edit: adminProcedure
    .meta({
      openapi: { method: "PATCH", path: "/articles/{slug}", tags, summary: "Edit an article (any subset of fields)" },
      audit: { action: "article.edit", target: "article" },
    })
    .input(articleEditSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => editArticle(ctx.db, input, actorFromSession(ctx.session))),
  schedule: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/schedule", tags, summary: "Move (or cancel) a schedule" },
      audit: { action: (i) => (i.publish_at ? "article.schedule" : "article.unschedule"), target: "article" },
    })
    .input(scheduleInputSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => scheduleArticle(ctx.db, input.slug, input.publish_at, actorFromSession(ctx.session))),
  delete: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/articles/{slug}", tags, summary: "Delete an article" },
      audit: { action: "article.delete", target: "article" },
    })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteArticle(ctx.db, input.slug)),
  toggleFeatured: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/toggle-featured", tags, summary: "Feature/unfeature" },
      audit: { action: "article.feature", target: "article" },
    })
    .input(slugInputSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => toggleFeatured(ctx.db, input.slug, actorFromSession(ctx.session))),
  toggleStatic: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/toggle-static", tags, summary: "Static/dynamic" },
      audit: { action: "article.static", target: "article" },
    })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => toggleStatic(ctx.db, input.slug, actorFromSession(ctx.session))),
  regenerateImage: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/regenerate-image", tags, summary: "New article image" },
      audit: { action: "article.regenerate_image", target: "article" },
    })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => requestImageRegeneration(ctx.db, input.slug)),
  /** The preview's bodies as sanitised HTML (rendered on the server: the sanitiser stays out of the browser). */
  rendered: adminProcedure
    .input(slugInputSchema)
    .output(z.object({ es: z.string(), en: z.string() }))
    .query(({ ctx, input }) => renderArticleBodies(ctx.db, input.slug)),
  /** The desk's live Markdown preview, through the public page's sanitiser (kept on the server). */
  renderMarkdown: adminProcedure
    .input(z.object({ markdown: z.string().max(100_000) }))
    .output(z.object({ html: z.string() }))
    .query(({ input }) => renderMarkdownPreview(input.markdown)),
  /** The desk's source badges: each source against the official-source allow-list. */
  checkSources: adminProcedure
    .input(z.object({ sources: z.array(z.object({ name: z.string().max(200), url: z.string().max(2000) })).max(30) }))
    .output(z.array(checkedSourceSchema))
    .query(({ input }) => checkedSources(input.sources)),
  /** Each published article's unique daily readers over its first 7 days (from the analytics rollups). */
  firstWeekReaders: adminProcedure
    .input(z.object({ slugs: z.array(z.string().max(200)).max(200) }))
    .output(z.array(z.object({ slug: z.string(), readers: z.number().int() })))
    .query(({ ctx, input }) => deskFirstWeekReaders(ctx.db, input.slugs)),
});
