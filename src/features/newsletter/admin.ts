import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { invalidateNewsletterArchive } from "./archive/cache.ts";
import { personalise, previewToken, renderNewsletter } from "./compose/render-newsletter.ts";
import type { NewsletterDto, NewsletterItem } from "./schema.ts";
import { liveSendRuns } from "./send/send-control.ts";
import { sendEtaSeconds } from "./send/send-pace.ts";
import { issueCounts } from "./stats/stats.ts";

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
  provider_down_since: true,
  provider_retry_at: true,
  slug: true,
} as const;

type Row = Omit<NewsletterDto, "items" | "eta_seconds" | "stalled"> & { items: unknown };

const toDto = (n: Row, stalled: boolean): NewsletterDto => ({
  ...n,
  items: n.items as NewsletterItem[],
  // Until the send has counted its list there is nothing to estimate: no "0 min 0 s" for a send not started.
  eta_seconds: n.status === "sending" && n.recipient_count > 0 ? sendEtaSeconds(n) : null,
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
  const { delivery, clicks } = await issueCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toDto(r, stalled.has(r.id)),
    delivery: delivery.get(`newsletter:${r.id}`),
    clicks: (r.items as NewsletterItem[]).map((_, i) => clicks.get(r.id)?.[i] ?? 0),
  }));
}

/** Deleting is allowed in any state (docs/product.md §4) except while a send is running, which would orphan its batches. */
export async function deleteNewsletter(db: DbClient, id: string) {
  const row = await db.newsletter.findUnique({ where: { id }, select: { status: true, slug: true } });
  if (!row) throw notFound("Newsletter");
  if (row.status === "sending")
    throw new AppError("CONFLICT", "The newsletter is being sent; wait until it ends", {
      reason: "newsletterSending",
    });
  await db.newsletter.delete({ where: { id } });
  if (row.status === "sent") await invalidateNewsletterArchive({ slug: row.slug });
  return { success: true };
}

/** The HTML admins preview in a sandboxed frame (a visibly fake unsubscribe token). */
export async function newsletterPreviewHtml(db: DbClient, id: string, locale: "es" | "en") {
  const row = await db.newsletter.findUnique({ where: { id } });
  if (!row) throw notFound("Newsletter");
  return personalise(await renderNewsletter(row, locale), previewToken()).html;
}
