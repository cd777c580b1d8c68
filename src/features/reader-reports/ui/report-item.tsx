"use client";

import { useTranslations } from "next-intl";
import { adminDate } from "~/ui/dates.ts";
import type { ReaderReportItem } from "../schema.ts";
import { ReportActions } from "./report-actions.tsx";

/** One reader's report: its article (opened on the site), what it says, who handled it, and its actions. */
export function ReportItem(props: { report: ReaderReportItem; onWriteCorrection: () => void }) {
  const t = useTranslations("adminReaderReports");
  const r = props.report;
  return (
    <li className="rounded-md border border-ink/15 bg-surface p-4" data-testid="reader-report" data-report-id={r.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <a href={`/noticias/${r.article.slug}`} target="_blank" rel="noreferrer" className="font-semibold underline">
          {r.article.title_es}
        </a>
        <span className="text-muted">
          {t(`status.${r.status}`)} · {adminDate(r.created_at)} · {r.locale}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-wrap text-sm">{r.message}</p>
      {r.source_url && (
        <p className="mt-1 break-all text-xs">
          {t("source")}:{" "}
          <a href={r.source_url} target="_blank" rel="noreferrer nofollow" className="underline">
            {r.source_url}
          </a>
        </p>
      )}
      <p className="mt-1 text-xs text-muted">
        {t("reporter")}: {r.email ?? t("noEmail")}
      </p>
      {r.handled_by && (
        <p className="mt-1 text-xs text-muted">
          {t("handledBy", { name: r.handled_by, date: adminDate(r.handled_at) })}
          {r.dismiss_reason ? ` · ${r.dismiss_reason}` : ""}
          {r.reply ? ` · ${r.reply}` : ""}
        </p>
      )}
      {r.correction_notified_at && (
        <p className="mt-1 text-xs text-muted">{t("notified", { date: adminDate(r.correction_notified_at) })}</p>
      )}
      {(r.status === "open" || r.status === "replied") && (
        <ReportActions id={r.id} canReply={r.email !== null} onWriteCorrection={() => props.onWriteCorrection()} />
      )}
    </li>
  );
}
