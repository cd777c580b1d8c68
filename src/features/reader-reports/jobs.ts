import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { markReportsCorrected, type PublishedCorrection, reportersToTell, tellReporter } from "./correction-notice.ts";

const correctionSchema = z.object({
  articleId: z.string(),
  slug: z.string(),
  title_es: z.string(),
  title_en: z.string().nullable(),
  note_es: z.string(),
  note_en: z.string().nullable(),
  publishedAt: z.coerce.date(),
});

/** After a published correction: the reports it answers are closed, then each reporter is mailed in its own step. */
export const correctionPublishedJob = defineJob({
  name: "reader-reports/correction.published",
  schema: z.object({ correction: correctionSchema, changeKey: z.string() }),
  retries: 6,
  handler: async ({ correction }, { step }) => {
    const c: PublishedCorrection = correctionSchema.parse(correction);
    await step.run("mark-corrected", () => markReportsCorrected(db, c));
    const ids = await step.run("reporters", () => reportersToTell(db, c.articleId));
    for (const id of ids) await step.run(`tell-${id}`, () => tellReporter(db, id, c));
    return { told: ids.length };
  },
});

/**
 * The desk's entry when a correction of a published article is saved (publications calls it): one run per
 * saved change (article and time), so a replay never mails twice, and a mail outage never fails the editor's save.
 */
export async function correctionPublished(correction: PublishedCorrection & { changeKey: string }) {
  const { changeKey, ...c } = correction;
  await enqueue(
    correctionPublishedJob,
    { correction: { ...c, publishedAt: c.publishedAt.toISOString() }, changeKey },
    { id: `reader-report-correction-${changeKey}` },
  );
}
