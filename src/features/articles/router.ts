import { z } from "zod";
import { notFound } from "~/platform/errors.ts";
import { slugSchema } from "~/platform/http/common-schemas.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { type PublicSourcesRule, withPublicSources } from "./public-sources.ts";
import {
  getArticleAnyStatus,
  getPublishedArticle,
  listArticles,
  listPublishedDynamicArticles,
  listStaticArticles,
} from "./reads.ts";
import { articleListInputSchema, articleSchema } from "./schema.ts";

const noInput = z.object({}).optional();

/**
 * The public article reads. `publicSources` (grounding's rule, handed in by the composition root) leaves out
 * of a published article every source the site could not read; an admin reading an unpublished one gets all.
 * The fixed REST paths come before /articles/{slug}: the REST adapter takes the first path that matches.
 */
export const articlesRouter = (publicSources: PublicSourcesRule) =>
  createTRPCRouter({
    published: publicProcedure
      .meta({
        openapi: {
          method: "GET",
          path: "/articles/status/published",
          tags: ["articles"],
          summary: "Published articles that are not static (is_static entries are dropped)",
        },
      })
      .input(noInput)
      .output(articleSchema.array())
      .query(async ({ ctx }) => withPublicSources(ctx.db, publicSources, await listPublishedDynamicArticles(ctx.db))),
    static: publicProcedure
      .meta({
        openapi: {
          method: "GET",
          path: "/articles/static",
          tags: ["articles"],
          summary: "Static (file-based) articles",
        },
      })
      .input(noInput)
      .output(articleSchema.array())
      .query(async ({ ctx }) => withPublicSources(ctx.db, publicSources, await listStaticArticles(ctx.db))),
    /** /noticias: filtered, sorted, paged (nextCursor is the offset of the next page). */
    list: publicProcedure.input(articleListInputSchema).query(({ ctx, input }) => listArticles(ctx.db, input)),
    bySlug: publicProcedure
      .meta({
        openapi: {
          method: "GET",
          path: "/articles/{slug}",
          tags: ["articles"],
          summary: "One published article (admins also get drafts and rejected ones)",
        },
      })
      .input(z.object({ slug: slugSchema }))
      .output(articleSchema)
      .query(async ({ ctx, input }) => {
        const published = await getPublishedArticle(ctx.db, input.slug);
        if (published) return (await withPublicSources(ctx.db, publicSources, [published]))[0] ?? published;
        const article = ctx.session?.user.role === "admin" ? await getArticleAnyStatus(ctx.db, input.slug) : null;
        if (!article) throw notFound("Article");
        // Unpublished content answered to an admin must never sit in a shared cache.
        ctx.resHeaders.set("cache-control", "private, no-store");
        return article;
      }),
  });
