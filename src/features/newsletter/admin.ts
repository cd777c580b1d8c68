import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { personalise, previewToken, renderNewsletter } from "./render-newsletter.ts";
import type { NewsletterDto, NewsletterItem } from "./schema.ts";
import { liveSendRuns } from "./send-control.ts";
import { sendEtaSeconds } from "./send-pace.ts";

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
  send_started_at: true,
  progress_at: true,
} as const;

type Row = Omit<NewsletterDto, "items" | "eta_seconds" | "stalled"> & { items: unknown };

const toDto = (n: Row, stalled: boolean): NewsletterDto => ({
  ...n,
  items: n.items as NewsletterItem[],
  eta_seconds: n.status === "sending" ? sendEtaSeconds(n) : null,
  stalled,
});

export async function listNewsletters(db: DbClient): Promise<NewsletterDto[]> {
  const rows = await db.newsletter.findMany({
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 200,
    select: dtoSelect,
  });
  const stalled = new Set<string>();
  for (const n of rows) {
    if (n.status !== "sending") continue;
    const live = await liveSendRuns(db, n.id);
    if (live !== null && live.length === 0) stalled.add(n.id);
  }
  return rows.map((n) => toDto(n, stalled.has(n.id)));
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

/** The HTML admins preview in a sandboxed frame (a visibly fake unsubscribe token). */
export async function newsletterPreviewHtml(db: DbClient, id: string, locale: "es" | "en") {
  const row = await db.newsletter.findUnique({ where: { id } });
  if (!row) throw notFound("Newsletter");
  return personalise(await renderNewsletter(row, locale), previewToken()).html;
}
