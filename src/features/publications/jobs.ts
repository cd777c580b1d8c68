import { z } from "zod";
import { publishedArticleIds } from "~/features/articles/index.ts";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { enqueue } from "~/platform/jobs/dispatcher.ts";
import { generateArticleImage } from "./article-image.ts";
import { notifyChangedSources } from "./changed-sources.ts";
import { checkArticleSources } from "./link-check.ts";
import { dueArticleIds } from "./link-check-cadence.ts";
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

/** Articles per durable step of the link check: a restart resumes after the last finished batch. */
const LINK_CHECK_BATCH = 25;

/**
 * Link rot and changed sources: every day, the sources of the published articles due for a check (recent ones
 * daily, older ones weekly: link-check-cadence.ts) are fetched again with conditional GETs. Dead or moved ones
 * show in the desk's "Fuentes caídas"; a changed text stores the new copy and re-verifies the article, and
 * claims that no longer hold show in "Fuentes cambiadas", with one e-mail to the editors per run that found
 * any. `all` checks every published article whatever its cadence (a manual run).
 */
export const linkCheckJob = defineJob({
  name: "articles/sources.link-check",
  cron: "TZ=Europe/Madrid 0 4 * * *",
  schema: z.object({ all: z.boolean().optional() }),
  retries: 2,
  handler: async ({ all }, { step }) => {
    const { ids, startedAt } = await step.run("list", async () => {
      const now = new Date();
      return { ids: all ? await publishedArticleIds(db) : await dueArticleIds(db, now), startedAt: now.toISOString() };
    });
    const total = { articles: ids.length, checked: 0, dead: 0, moved: 0, changed: 0, flagged: 0, notified: 0 };
    for (let i = 0; i < ids.length; i += LINK_CHECK_BATCH) {
      const batch = ids.slice(i, i + LINK_CHECK_BATCH);
      const counts = await step.run(`check-${i}`, () => checkArticleSources(db, batch));
      total.checked += counts.checked;
      total.dead += counts.dead;
      total.moved += counts.moved;
      total.changed += counts.changed;
      total.flagged += counts.flagged;
    }
    if (total.flagged > 0)
      total.notified = (await step.run("notify", () => notifyChangedSources(db, new Date(startedAt)))).notified;
    return total;
  },
});
