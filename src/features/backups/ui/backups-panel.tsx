"use client";

import { useLocale, useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { adminDate } from "~/ui/dates.ts";
import { AdminTableHead, tableClass, tdClass } from "~/ui/pager.tsx";

const STATE_STYLE: Record<string, string> = {
  running: "bg-sponsor text-sponsor-ink",
  verified: "bg-success/15 text-success",
  failed: "bg-accent/15 text-accent-text",
  missed: "bg-accent/15 text-accent-text",
};

const size = (bytes: number | null) =>
  bytes === null ? "—" : bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** Admin › Trabajos: the scheduled backups (verified, failed, missed) and their open alerts. */
export function BackupsPanel() {
  const t = useTranslations("adminBackups");
  const locale = useLocale() === "en" ? "en" : "es";
  const list = api.admin.backups.list.useQuery({ locale }, { refetchInterval: 30_000 });
  const runs = list.data?.runs ?? [];
  const alerts = runs.filter((r) => r.alert);
  return (
    <div className="space-y-2" data-testid="admin-backups">
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="text-sm text-muted">{t("intro")}</p>
      {list.error ? <p className="text-sm text-accent-text">{t("errorTitle")}</p> : null}
      {alerts.length > 0 ? (
        <div role="alert" className="rounded border border-accent/40 bg-accent/10 p-3 text-sm">
          <p className="font-semibold">{t("alertsTitle")}</p>
          <ul className="mt-1 list-disc pl-5">
            {alerts.map((r) => (
              <li key={r.slot.toISOString()}>
                {r.alert}
                {r.emailed ? ` (${t("emailed")})` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <AdminTableHead columns={[t("slot"), t("status"), t("name"), t("size"), t("rows"), t("detail")]} />
          <tbody>
            {runs.map((r) => (
              <tr key={r.slot.toISOString()} data-testid="backup-run" data-status={r.status}>
                <td className={tdClass}>{adminDate(r.slot)}</td>
                <td className={tdClass}>
                  <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[r.status]}`}>
                    {t(`states.${r.status}`)}
                  </span>
                </td>
                <td className={`${tdClass} font-mono text-xs`}>{r.name ?? "—"}</td>
                <td className={tdClass}>{size(r.bytes)}</td>
                <td className={tdClass}>{r.rows ?? "—"}</td>
                <td className={`${tdClass} text-xs`}>{r.error ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && runs.length === 0 ? <p className="py-4 text-sm text-muted">{t("empty")}</p> : null}
      </div>
    </div>
  );
}
