import { z } from "zod";
import { clientIp, enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { generateManualContent } from "./execute.ts";
import { DEFAULT_SYSTEM_PROMPT, executeResponseSchema, manualGenerationSchema } from "./schema.ts";

const tags = ["publications"];

/**
 * The review desk's "generate a draft from a prompt" dialog: all its calls, under `admin.manualGeneration`.
 * It lives with the agents (it runs the same pipeline); the admin shell shows it in Publicaciones.
 */
export const manualGenerationRouter = createTRPCRouter({
  generate: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/generate-manual-content",
        // The id it had under admin.publications: the REST document stays as clients know it.
        operationId: "admin-publications-generate",
        tags,
        summary: "Generate a draft from a prompt",
      },
      audit: { action: "article.generate", target: "article" },
    })
    .input(manualGenerationSchema)
    .output(executeResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit("generate", ctx.session.user.id || clientIp(ctx.headers));
      return generateManualContent(ctx.db, input, ctx.session.user.username);
    }),
  /** The manual generation dialog's defaults: the signed-in admin's name and the default system prompt. */
  defaults: adminProcedure
    .output(z.object({ authorName: z.string(), systemPrompt: z.string() }))
    .query(({ ctx }) => ({ authorName: ctx.session.user.username, systemPrompt: DEFAULT_SYSTEM_PROMPT })),
});
