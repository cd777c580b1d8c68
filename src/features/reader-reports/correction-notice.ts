import ReaderReportCorrected from "@emails/reader-report-corrected.tsx";
import { createElement } from "react";
import { renderEmail, sendEmail } from "~/features/mail/index.ts";
import { SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import { recordAudit } from "~/platform/audit/audit.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { absoluteUrl } from "~/platform/http/page-metadata.ts";
import { localeHomeUrl } from "~/platform/http/site-url.ts";
import { catalogLocale, translatorFor } from "~/platform/i18n/translator.ts";

export interface PublishedCorrection {
  articleId: string;
  slug: string;
  title_es: string;
  title_en: string | null;
  note_es: string;
  note_en: string | null;
  publishedAt: Date;
}

/**
 * A correction was published: the article's reports still waiting (open or answered) become "corrected", in
 * the audit trail. Reports that arrived after it, and dismissed ones, are left as they are.
 */
export async function markReportsCorrected(db: DbClient, c: PublishedCorrection) {
  const reports = await db.readerReport.findMany({
    where: { article_id: c.articleId, status: { in: ["open", "replied"] }, created_at: { lte: c.publishedAt } },
    select: { id: true },
  });
  for (const { id } of reports) {
    const res = await db.readerReport.updateMany({
      where: { id, status: { in: ["open", "replied"] } },
      data: { status: "corrected", handled_by: SYSTEM_ACTOR.name, handled_at: new Date() },
    });
    if (res.count)
      await recordAudit(db, {
        action: "reader_report.corrected",
        actor: SYSTEM_ACTOR,
        target: { type: "reader_report", id },
        outcome: "success",
        details: { slug: c.slug },
      });
  }
  return reports.map((r) => r.id);
}

/** The corrected article's reporters who left an address and were not told yet. */
export async function reportersToTell(db: DbClient, articleId: string) {
  const rows = await db.readerReport.findMany({
    where: { article_id: articleId, status: "corrected", email: { not: null }, correction_notified_at: null },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/**
 * Tells one reporter, exactly once: the report is claimed (correction_notified_at set) before the send, so a
 * second correction or a replayed step finds nothing to do; a failed send gives the claim back for the retry.
 */
export async function tellReporter(db: DbClient, reportId: string, c: PublishedCorrection) {
  const claimed = await db.readerReport.updateMany({
    where: { id: reportId, correction_notified_at: null, email: { not: null } },
    data: { correction_notified_at: new Date() },
  });
  if (claimed.count === 0) return { status: "already-told" as const };
  const report = await db.readerReport.findUniqueOrThrow({ where: { id: reportId } });
  const locale = catalogLocale(report.locale);
  const title = locale === "en" && c.title_en ? c.title_en : c.title_es;
  const note = locale === "en" && c.note_en ? c.note_en : c.note_es;
  try {
    const { html, text } = await renderEmail(
      createElement(ReaderReportCorrected, {
        locale,
        siteUrl: localeHomeUrl(locale),
        articleTitle: title,
        articleUrl: absoluteUrl(locale, `/noticias/${c.slug}`),
        correction: note,
      }),
    );
    await sendEmail(db, {
      to: report.email as string,
      subject: translatorFor(locale, "readerReportEmails")("correctedSubject", { title }),
      html,
      text,
      tag: "reader-report-corrected",
      idempotencyKey: `reader-report-corrected-${report.id}`,
    });
  } catch (err) {
    await db.readerReport.update({ where: { id: reportId }, data: { correction_notified_at: null } });
    throw err;
  }
  await recordAudit(db, {
    action: "reader_report.correction_mailed",
    actor: SYSTEM_ACTOR,
    target: { type: "reader_report", id: reportId },
    outcome: "success",
    details: { slug: c.slug },
  });
  return { status: "told" as const };
}
