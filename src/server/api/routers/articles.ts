import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "~/server/api/trpc.ts";
import { notFound } from "~/server/errors.ts";
import { getPublishedArticle, listPublishedArticles } from "~/server/services/articles/queries.ts";
import { articleSchema } from "~/shared/schemas/article.ts";
import { slugSchema } from "~/shared/schemas/common.ts";

export const articlesRouter = createTRPCRouter({
  latest: publicProcedure
    .input(
      z
        .object({ limit: z.number().int().min(1).max(50).default(10), excludeFeatured: z.boolean().default(true) })
        .default({ limit: 10, excludeFeatured: true }),
    )
    .query(({ ctx, input }) => listPublishedArticles(ctx.db, input)),
  bySlug: publicProcedure
    .meta({
      openapi: { method: "GET", path: "/articles/{slug}", tags: ["articles"], summary: "One published article" },
    })
    .input(z.object({ slug: slugSchema }))
    .output(articleSchema)
    .query(async ({ ctx, input }) => {
      const article = await getPublishedArticle(ctx.db, input.slug);
      if (!article) throw notFound("Article");
      return article;
    }),
});
