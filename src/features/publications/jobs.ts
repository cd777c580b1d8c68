import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { generateArticleImage } from "./article-image.ts";
import { deleteReplacedImage, imageSubject, REPLACED_IMAGE_GRACE_S, replaceArticleImage } from "./replace-image.ts";
import { publishDueArticles } from "./schedule.ts";

/**
 * Scheduled publishing: every minute, publish the approved articles whose `publish_at` has come. The schedule
 * lives in the database, so a restart loses nothing: the next tick publishes whatever fell due meanwhile.
 */
export const publishDueArticlesJob = defineJob({
  name: "articles/publish-due",
  cron: "* * * * *",
  schema: z.object({}),
  retries: 3,
  handler: async (_payload, { step }) => step.run("publish", () => publishDueArticles(db, new Date())),
});

/** PUT /api/articles/{slug}/regenerate-image: a new 1200×630 image replaces the article's current one. */
export const regenerateImageJob = defineJob({
  name: "articles/image.regenerate",
  schema: z.object({ slug: z.string().min(1), requestId: z.string().min(1) }),
  retries: 3,
  handler: async ({ slug }, { step }) => {
    const article = await step.run("load", () => imageSubject(db, slug));
    if (!article) return { slug, imageUrl: null };
    const imageUrl = await step.run("generate", () => generateArticleImage(article.title_es, article.summary_es));
    await step.run("save", () => replaceArticleImage(db, slug, article, imageUrl));
    const old = article.image_url;
    if (old && old !== imageUrl)
      await step.run("retire-old", async () => {
        // Once per image (the id), whichever attempt gets here.
        await enqueue(deleteReplacedImageJob, { url: old }, { id: old, delaySeconds: REPLACED_IMAGE_GRACE_S });
      });
    return { slug, imageUrl };
  },
});

/** A replaced image, deleted once no cached page can show it any more (see REPLACED_IMAGE_GRACE_S). */
export const deleteReplacedImageJob = defineJob({
  name: "articles/image.delete-replaced",
  schema: z.object({ url: z.string().min(1) }),
  retries: 5,
  handler: async ({ url }, { step }) => ({
    url,
    deleted: await step.run("delete", () => deleteReplacedImage(db, url)),
  }),
});
