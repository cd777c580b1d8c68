import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { enqueue } from "~/platform/jobs/dispatcher.ts";
import { sendNewsletterJob } from "./jobs.ts";
import { personalise, previewToken, renderNewsletter } from "./render-newsletter.ts";
import type { NewsletterDto, NewsletterItem } from "./schema.ts";

const dtoSelect = {
  id: true,
  subject_es: true,
  subject_en: true,
  intro_es: true,
  intro_en: true,
  items: true,
  status: true,
  week_start: true,
  recipient_count: true,
  sent_count: true,
  failure_reason: true,
  created_at: true,
  sent_at: true,
} as const;

const toDto = (n: Omit<NewsletterDto, "items"> & { items: unknown }): NewsletterDto => ({
  ...n,
  items: n.items as NewsletterItem[],
});

export async function listNewsletters(db: DbClient): Promise<NewsletterDto[]> {
  const rows = await db.newsletter.findMany({
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 200,
    select: dtoSelect,
  });
  return rows.map(toDto);
}

/** Deleting is allowed in any state (SPEC §4) except while a send is running, which would orphan its batches. */
export async function deleteNewsletter(db: DbClient, id: string) {
  const row = await db.newsletter.findUnique({ where: { id }, select: { status: true } });
  if (!row) throw notFound("Newsletter");
  if (row.status === "sending")
    throw new AppError("CONFLICT", "The newsletter is being sent; wait until it ends", {
      reason: "newsletterSending",
    });
  await db.newsletter.delete({ where: { id } });
  return { success: true };
}

/**
 * Starts (or, after a failure, resumes) a send. The status flip is one conditional update, so two clicks or
 * two admins start one send; a sent newsletter can never be sent again.
 */
export async function requestNewsletterSend(db: DbClient, id: string) {
  const row = await db.newsletter.findUnique({ where: { id }, select: { status: true } });
  if (!row) throw notFound("Newsletter");
  if (row.status === "sent")
    throw new AppError("CONFLICT", "This newsletter has already been sent", {
      reason: "newsletterAlreadySent",
    });
  const claimed = await db.newsletter.updateMany({
    where: { id, status: { in: ["draft", "pending", "approved", "failed"] } },
    data: { status: "sending", failure_reason: null },
  });
  if (claimed.count === 0)
    throw new AppError("CONFLICT", "This newsletter is already being sent", {
      reason: "newsletterAlreadySending",
    });
  // Failed batches go back to pending; sent ones stay sent and are skipped.
  await db.newsletterBatch.updateMany({ where: { newsletter_id: id, status: "failed" }, data: { status: "pending" } });
  const attempt = await db.newsletterBatch.aggregate({ where: { newsletter_id: id }, _max: { attempts: true } });
  const run = attempt._max.attempts ?? 0;
  await enqueue(sendNewsletterJob, { newsletterId: id, attempt: run }, { id: `newsletter-${id}-${run}` });
  return { success: true, status: "sending" as const };
}

/** The HTML admins preview in a sandboxed frame (a visibly fake unsubscribe token). */
export async function newsletterPreviewHtml(db: DbClient, id: string, locale: "es" | "en") {
  const row = await db.newsletter.findUnique({ where: { id } });
  if (!row) throw notFound("Newsletter");
  return personalise(await renderNewsletter(row, locale), previewToken()).html;
}
