import { z } from "zod";
import { invalidateArticles } from "~/features/articles/index.ts";
import { SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";
import { generateArticleImage } from "./article-image.ts";
import { changeArticle } from "./record-revision.ts";

/** PUT /api/articles/{slug}/regenerate-image: a new 1200×630 image replaces the article's current one. */
export const regenerateImageJob = defineJob({
  name: "articles/image.regenerate",
  schema: z.object({ slug: z.string().min(1), requestId: z.string().min(1) }),
  retries: 3,
  handler: async ({ slug }, { step }) => {
    const article = await step.run("load", async () => {
      const row = await db.article.findUnique({
        where: { slug },
        select: { title_es: true, summary_es: true, image_url: true, status: true },
      });
      return row;
    });
    if (!article) return { slug, imageUrl: null };
    const imageUrl = await step.run("generate", () => generateArticleImage(article.title_es, article.summary_es));
    await step.run("save", async () => {
      await changeArticle(db, slug, { image_url: imageUrl }, { action: "image_regeneration", actor: SYSTEM_ACTOR });
      if (article.image_url) await imageStorage().delete(article.image_url);
      if (article.status === "published") await invalidateArticles({ slug });
    });
    return { slug, imageUrl };
  },
});
