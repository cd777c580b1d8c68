import { z } from "zod";
import { articleSchema } from "~/features/articles/schema.ts";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listRevisions, restoreRevision } from "./revisions.ts";
import { revisionRestoreInputSchema, revisionSchema, slugInputSchema } from "./schema.ts";

const tags = ["publications"];

export const adminRevisionsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/articles/{slug}/revisions", tags, summary: "An article's revisions" } })
    .input(slugInputSchema)
    .output(z.array(revisionSchema))
    .query(({ ctx, input }) => listRevisions(ctx.db, input.slug)),
  restore: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/articles/{slug}/revisions/{id}/restore",
        tags,
        summary: "Restore a revision's content (a new revision)",
      },
      audit: { action: "article.restore", target: "article" },
    })
    .input(revisionRestoreInputSchema)
    .output(articleSchema)
    .mutation(({ ctx, input }) =>
      restoreRevision(ctx.db, input.slug, input.id, actorFromSession(ctx.session), {
        confirmUnofficialSources: input.confirm_unofficial_sources,
        fields: input.fields,
      }),
    ),
});
