import { z } from "zod";
import { publishedArticleIds } from "~/features/articles/index.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { notifyChangedSources } from "./changed-sources.ts";
import { checkArticleSources } from "./link-check.ts";
import { dueArticleIds } from "./link-check-cadence.ts";
import type { ReportStore } from "./report-store.ts";

/** Articles per durable step of the link check: a restart resumes after the last finished batch. */
const LINK_CHECK_BATCH = 25;

/**
 * Link rot and changed sources: every day, the sources of the published articles due for a check (recent ones
 * daily, older ones weekly: link-check-cadence.ts) are fetched again with conditional GETs. Dead or moved ones
 * show in the desk's "Fuentes caídas"; a changed text stores the new copy and re-verifies the article, and
 * claims that no longer hold show in "Fuentes cambiadas", with one e-mail to the editors per run that found
 * any. `all` checks every published article whatever its cadence (a manual run). Reports are stored in
 * `store` (the desk's revisions): the composition root builds the job with it.
 */
export const defineLinkCheckJob = (store: ReportStore) =>
  defineJob({
    name: "articles/sources.link-check",
    cron: env.LINK_CHECK_CRON_ENABLED ? "TZ=Europe/Madrid 0 4 * * *" : undefined,
    schema: z.object({ all: z.boolean().optional() }),
    retries: 2,
    handler: async ({ all }, { step }) => {
      const { ids, startedAt } = await step.run("list", async () => {
        const now = new Date();
        return {
          ids: all ? await publishedArticleIds(db) : await dueArticleIds(db, now),
          startedAt: now.toISOString(),
        };
      });
      const total = { articles: ids.length, checked: 0, dead: 0, moved: 0, changed: 0, flagged: 0, notified: 0 };
      for (let i = 0; i < ids.length; i += LINK_CHECK_BATCH) {
        const batch = ids.slice(i, i + LINK_CHECK_BATCH);
        const counts = await step.run(`check-${i}`, () => checkArticleSources(db, store, batch));
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
