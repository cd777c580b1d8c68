"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { api } from "~/trpc/react.tsx";
import { adminDate } from "~/ui/dates.ts";
import { toast } from "~/ui/toast.ts";
import type { AgentRunDto } from "../schema.ts";
import { isLive, RunStatusBadge, useFailureText } from "./run-status.tsx";

/** Latest runs, refreshed every 2 s while any is queued or running (the admin watches them live). */
export function RunsTable({ onOpen }: { onOpen: (run: AgentRunDto) => void }) {
  const t = useTranslations("adminAgents");
  const failureText = useFailureText();
  const utils = api.useUtils();
  // The logs come in the admin's language.
  const locale = useLocale() === "en" ? "en" : "es";
  const runs = api.admin.runs.list.useQuery(
    { locale },
    {
      refetchInterval: (q) => (q.state.data?.some((r) => isLive(r.status)) ? 2000 : false),
    },
  );
  const anyLive = runs.data?.some((r) => isLive(r.status));
  useEffect(() => {
    // When the last live run settles, the counters and the review queue change too.
    if (anyLive === false) {
      void utils.admin.runs.stats.invalidate();
      void utils.admin.agents.list.invalidate();
      void utils.admin.publications.drafts.invalidate();
    }
  }, [anyLive, utils]);
  useEffect(() => {
    if (runs.error) toast.error(t("toasts.errorTitle"), { description: t("toasts.loadRuns") });
  }, [runs.error, t]);

  if (!runs.data?.length) return <p className="text-sm text-muted">{t("runs.empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="runs-table">
        <thead className="border-b border-ink/15 text-xs uppercase text-muted">
          <tr>
            <th className="py-2 pr-3">{t("runs.agent")}</th>
            <th className="py-2 pr-3">{t("runs.status")}</th>
            <th className="py-2 pr-3">{t("runs.progress")}</th>
            <th className="py-2 pr-3">{t("runs.created")}</th>
            <th className="py-2 pr-3">{t("runs.duration")}</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody>
          {runs.data.map((run) => (
            <tr key={run.id} className="border-b border-ink/5 align-top" data-testid="run-row" data-run-id={run.id}>
              <td className="py-2 pr-3">
                {run.trigger === "manual" ? `${t("runs.manual")} · ${run.agent_name ?? ""}` : (run.agent_name ?? "—")}
                {run.status === "failed" ? <p className="text-xs text-accent-text">{failureText(run)}</p> : null}
              </td>
              <td className="py-2 pr-3">
                <RunStatusBadge status={run.status} />
              </td>
              <td className="py-2 pr-3">
                <progress max={100} value={run.progress} className="w-20" aria-label={`${run.progress}%`} />
              </td>
              <td className="py-2 pr-3">{adminDate(run.created_at)}</td>
              <td className="py-2 pr-3">
                {run.duration_ms !== null ? t("runs.seconds", { value: (run.duration_ms / 1000).toFixed(1) }) : "—"}
              </td>
              <td className="py-2">
                <button type="button" className="text-accent-text underline" onClick={() => onOpen(run)}>
                  {t("runs.details")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
