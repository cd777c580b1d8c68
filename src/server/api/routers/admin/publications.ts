import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/server/api/trpc.ts";
import { clientIp, enforceRateLimit } from "~/server/security/rate-limit.ts";
import { generateManualContent } from "~/server/services/agents/execute.ts";
import {
  deleteArticle,
  listApproved,
  listDrafts,
  renderArticleBodies,
  requestImageRegeneration,
  reviewArticle,
  toggleFeatured,
  toggleStatic,
} from "~/server/services/publications/publications.ts";
import { executeResponseSchema } from "~/shared/schemas/agent.ts";
import { articleSchema } from "~/shared/schemas/article.ts";
import {
  DEFAULT_SYSTEM_PROMPT,
  manualGenerationSchema,
  messageSchema,
  reviewDecisionSchema,
  slugInputSchema,
} from "~/shared/schemas/publications.ts";

const tags = ["publications"];

export const adminPublicationsRouter = createTRPCRouter({
  drafts: adminProcedure
    .meta({ openapi: { method: "GET", path: "/articles/status/draft", tags, summary: "Review queue (drafts)" } })
    .input(z.object({}).optional())
    .output(z.array(articleSchema))
    .query(({ ctx }) => listDrafts(ctx.db)),
  approved: adminProcedure.output(z.array(articleSchema)).query(({ ctx }) => listApproved(ctx.db)),
  review: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/articles/{slug}", tags, summary: "Approve or reject an article" } })
    .input(reviewDecisionSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => reviewArticle(ctx.db, input.slug, input.status)),
  delete: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/articles/{slug}", tags, summary: "Delete an article" } })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteArticle(ctx.db, input.slug)),
  toggleFeatured: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/articles/{slug}/toggle-featured", tags, summary: "Feature/unfeature" } })
    .input(slugInputSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) => toggleFeatured(ctx.db, input.slug)),
  toggleStatic: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/articles/{slug}/toggle-static", tags, summary: "Static/dynamic" } })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => toggleStatic(ctx.db, input.slug)),
  regenerateImage: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/articles/{slug}/regenerate-image", tags, summary: "New article image" },
    })
    .input(slugInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => requestImageRegeneration(ctx.db, input.slug)),
  generate: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/generate-manual-content", tags, summary: "Generate a draft from a prompt" },
    })
    .input(manualGenerationSchema)
    .output(executeResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit("generate", ctx.session.user.id || clientIp(ctx.headers));
      return generateManualContent(ctx.db, input, ctx.session.user.username);
    }),
  /** The preview's bodies as sanitised HTML (rendered on the server: the sanitiser stays out of the browser). */
  rendered: adminProcedure
    .input(slugInputSchema)
    .output(z.object({ es: z.string(), en: z.string() }))
    .query(({ ctx, input }) => renderArticleBodies(ctx.db, input.slug)),
  /** The manual generation dialog's defaults: the signed-in admin's name and the default system prompt. */
  generationDefaults: adminProcedure
    .output(z.object({ authorName: z.string(), systemPrompt: z.string() }))
    .query(({ ctx }) => ({ authorName: ctx.session.user.username, systemPrompt: DEFAULT_SYSTEM_PROMPT })),
});
