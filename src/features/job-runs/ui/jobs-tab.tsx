"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { BackupsPanel } from "~/features/backups/ui/backups-panel.tsx";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { AdminTableHead, tableClass, tdClass } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";
import { AttemptLog, type Run, RunProgress, seconds } from "./run-details.tsx";

const STATUS_STYLE: Record<Run["status"], string> = {
  queued: "bg-ink/10 text-ink",
  retrying: "bg-sand text-ink",
  running: "bg-sponsor text-sponsor-ink",
  completed: "bg-success/15 text-success",
  cancelled: "bg-ink/10 text-muted",
  failed: "bg-accent/15 text-accent-text",
};

/** Admin › Trabajos: recent runs of every background job (live while any is moving) and the schedules. */
export function JobsTab() {
  const t = useTranslations("adminJobs");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const list = api.admin.jobs.list.useQuery(undefined, {
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => ["queued", "retrying", "running"].includes(r.status)) ? 1500 : 5000,
  });
  useEffect(() => {
    if (list.error) toast.error(t("errorTitle"), { description: errorText(list.error) });
  }, [list.error, t, errorText]);
  const refresh = () => utils.admin.jobs.list.invalidate();
  const onError = (e: unknown) => toast.error(t("actionError"), { description: errorText(e) });
  const retry = api.admin.jobs.retry.useMutation({
    onSuccess: () => {
      toast.success(t("retriedTitle"));
      void refresh();
    },
    onError,
  });
  const cancel = api.admin.jobs.cancel.useMutation({
    onSuccess: () => {
      toast.success(t("cancelledTitle"));
      void refresh();
    },
    onError,
  });
  const data = list.data;
  const busy = retry.isPending || cancel.isPending;

  return (
    <section data-testid="admin-tab-jobs" className="space-y-6">
      <div className="space-y-1">
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        {data ? (
          <p className="text-sm text-muted">
            {data.engine === "embedded" ? t("engineEmbedded") : t("engineInngest")}{" "}
            {data.dashboard_url ? (
              <a className="underline" href={data.dashboard_url} target="_blank" rel="noreferrer">
                {t("openDashboard")}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>

      <div className="overflow-x-auto">
        <h3 className="mb-2 font-semibold">{t("schedules")}</h3>
        <table className={tableClass}>
          <AdminTableHead columns={[t("name"), t("cron"), t("nextRun")]} />
          <tbody>
            {data?.schedules.map((s) => (
              <tr key={s.name} data-testid="job-schedule" data-name={s.name}>
                <td className={tdClass}>{s.name}</td>
                <td className={`${tdClass} font-mono text-xs`}>{s.cron}</td>
                <td className={tdClass}>{adminDate(s.next_run_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="overflow-x-auto">
        <h3 className="mb-2 font-semibold">{t("runs")}</h3>
        <table className={tableClass}>
          <AdminTableHead
            columns={[t("name"), t("state"), t("attempts"), t("step"), t("started"), t("finished"), t("duration")]}
            actions={t("actions")}
          />
          <tbody>
            {data?.runs.map((r) => (
              <tr key={r.id} data-testid="job-run" data-id={r.id} data-status={r.status}>
                <td className={tdClass}>
                  <p className="font-semibold">{r.name}</p>
                  {r.error ? <p className="mt-1 text-xs text-accent-text">{r.error}</p> : null}
                  <RunProgress run={r} />
                  <AttemptLog run={r} />
                </td>
                <td className={tdClass}>
                  <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}>
                    {t(`status.${r.status}`)}
                  </span>
                </td>
                <td className={tdClass}>{`${r.attempts}/${r.max_attempts}`}</td>
                <td className={`${tdClass} font-mono text-xs`}>{r.step ?? "—"}</td>
                <td className={tdClass}>{adminDate(r.started_at)}</td>
                <td className={tdClass}>{adminDate(r.finished_at)}</td>
                <td className={tdClass}>{seconds(r.duration_ms)}</td>
                <td className={`${tdClass} whitespace-nowrap text-right`}>
                  {r.dashboard_url ? (
                    <a className="text-sm underline" href={r.dashboard_url} target="_blank" rel="noreferrer">
                      {t("openRun")}
                    </a>
                  ) : null}
                  {data.engine === "embedded" && r.status === "failed" ? (
                    <Button variant="secondary" size="sm" disabled={busy} onClick={() => retry.mutate({ id: r.id })}>
                      {t("retry")}
                    </Button>
                  ) : null}
                  {data.engine === "embedded" && ["queued", "retrying", "running"].includes(r.status) ? (
                    <Button variant="ghost" size="sm" disabled={busy} onClick={() => cancel.mutate({ id: r.id })}>
                      {t("cancel")}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isLoading ? <p className="py-4 text-sm text-muted">{t("loading")}</p> : null}
        {data && data.runs.length === 0 ? <p className="py-4 text-sm text-muted">{t("empty")}</p> : null}
      </div>

      <BackupsPanel />
    </section>
  );
}
