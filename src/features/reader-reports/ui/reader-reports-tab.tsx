"use client";

import { useTranslations } from "next-intl";
import { type ComponentType, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Pager } from "~/ui/pager.tsx";
import { StatusListHeader } from "~/ui/status-list-header.tsx";
import { READER_REPORT_STATUSES, type ReaderReportItem, type ReaderReportStatus } from "../schema.ts";
import { ReportItem } from "./report-item.tsx";

/** The desk's edit with a correction note to start from: the admin shell hands publications' editor in. */
export type CorrectionEditorComponent = ComponentType<{
  slug: string;
  title: string;
  note: string;
  onClose: () => void;
  texts: { loading: string; notPublished: string };
}>;

const PAGE_SIZE = 20;
const ALL = "all";

/**
 * "Avisos de lectores": what readers reported on published articles, each linked to its article, with the
 * outcomes an editor can record: write a correction (the desk's edit, note prefilled), reply, dismiss.
 */
export function ReaderReportsTab({ correctionEditor: Editor }: { correctionEditor: CorrectionEditorComponent }) {
  const t = useTranslations("adminReaderReports");
  const [status, setStatus] = useState<ReaderReportStatus | typeof ALL>("open");
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<ReaderReportItem | null>(null);
  const list = api.admin.readerReports.list.useQuery({
    status: status === ALL ? undefined : status,
    page,
    pageSize: PAGE_SIZE,
  });
  const utils = api.useUtils();

  return (
    <section aria-labelledby="reader-reports-title" className="space-y-4" data-testid="admin-tab-reader-reports">
      <StatusListHeader
        titleId="reader-reports-title"
        title={t("title")}
        intro={t("intro")}
        filter={{
          label: t("filter"),
          value: status,
          testId: "reader-reports-filter",
          onValueChange: (v) => {
            setStatus(v as ReaderReportStatus | typeof ALL);
            setPage(1);
          },
          options: [
            ...READER_REPORT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            { value: ALL, label: t("all") },
          ],
        }}
      />
      {list.data?.items.length === 0 && <p className="text-sm text-muted">{t("empty")}</p>}
      <ul className="space-y-3">
        {list.data?.items.map((r) => (
          <ReportItem key={r.id} report={r} onWriteCorrection={() => setCorrecting(r)} />
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total} onPage={setPage} t={t} />
      {correcting && (
        <Editor
          slug={correcting.article.slug}
          title={t("correctionTitle", { title: correcting.article.title_es })}
          note={correcting.message}
          texts={{ loading: t("loading"), notPublished: t("notPublished") }}
          onClose={() => {
            setCorrecting(null);
            void utils.admin.readerReports.list.invalidate();
          }}
        />
      )}
    </section>
  );
}
