import ReaderReportReply from "@emails/reader-report-reply.tsx";
import { createElement } from "react";
import { renderEmail, sendEmail } from "~/features/mail/index.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { absoluteUrl } from "~/platform/http/page-metadata.ts";
import { localeHomeUrl } from "~/platform/http/site-url.ts";
import { catalogLocale, translatorFor } from "~/platform/i18n/translator.ts";
import { closeReaderReport, readerReport, readerReportClosed } from "./admin-reports.ts";

/** The desk answers a reporter by e-mail (the one sending path), in the language they wrote from. */
export async function replyToReaderReport(db: DbClient, input: { id: string; message: string }, actor: Actor) {
  const report = await readerReport(db, input.id);
  if (!report.email)
    throw new AppError("BAD_REQUEST", "id: this reader left no e-mail address to reply to", {
      field: "id",
      reason: "readerReportNoEmail",
    });
  if (report.status === "dismissed" || report.status === "corrected") throw readerReportClosed();
  const locale = catalogLocale(report.locale);
  const { html, text } = await renderEmail(
    createElement(ReaderReportReply, {
      locale,
      siteUrl: localeHomeUrl(locale),
      articleTitle: report.article.title_es,
      articleUrl: absoluteUrl(locale, `/noticias/${report.article.slug}`),
      reply: input.message,
    }),
  );
  await sendEmail(db, {
    to: report.email,
    subject: translatorFor(locale, "readerReportEmails")("replySubject", { title: report.article.title_es }),
    html,
    text,
    tag: "reader-report-reply",
  });
  // Recorded once the mail is in the outbox (or with the provider): a failed send leaves the report open.
  await closeReaderReport(db, report.id, actor, { status: "replied", reply: input.message });
  return { success: true };
}
