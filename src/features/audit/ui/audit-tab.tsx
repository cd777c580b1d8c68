"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { inputClass } from "~/ui/field.tsx";
import { AdminTableHead, Pager, tableClass, tdClass } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";

const PAGE_SIZE = 50;
type Filters = { action: string; actor: string; target: string };
const NO_FILTERS: Filters = { action: "", actor: "", target: "" };

/** Admin › Auditoría: the append-only trail (GET /api/admin/audit), filtered by action, actor and target. */
export function AuditTab() {
  const t = useTranslations("adminDesk.audit");
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = api.admin.audit.list.useQuery({
    action: filters.action || undefined,
    actor: filters.actor || undefined,
    target: filters.target || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  useEffect(() => {
    if (list.error) toast.error(t("loadFailed"));
  }, [list.error, t]);
  const apply = (next: Filters) => {
    setDraft(next);
    setFilters(next);
    setPage(1);
  };

  return (
    <section data-testid="admin-tab-audit" className="space-y-4">
      <div>
        <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
        <p className="text-sm text-muted">{t("description")}</p>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ action: draft.action, actor: draft.actor.trim(), target: draft.target.trim() });
        }}
      >
        <label className="text-sm">
          <span className="block font-semibold">{t("action")}</span>
          <select
            className={inputClass}
            value={draft.action}
            data-testid="audit-filter-action"
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">{t("allActions")}</option>
            {(list.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {(["actor", "target"] as const).map((key) => (
          <label key={key} className="text-sm">
            <span className="block font-semibold">{t(key)}</span>
            <input
              className={inputClass}
              value={draft[key]}
              data-testid={`audit-filter-${key}`}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            />
          </label>
        ))}
        <Button type="submit" data-testid="audit-filter-apply">
          {t("filter")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => apply(NO_FILTERS)}>
          {t("clear")}
        </Button>
      </form>
      {list.data && list.data.items.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
      {list.data?.items.length ? (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <AdminTableHead columns={[t("time"), t("action"), t("actor"), t("target"), t("outcome"), t("details")]} />
            <tbody>
              {list.data.items.map((e) => (
                <tr key={e.id} data-testid="audit-row" data-action={e.action} data-target={e.target_id ?? ""}>
                  <td className={`${tdClass} whitespace-nowrap`}>{adminDate(e.created_at)}</td>
                  <td className={`${tdClass} font-mono text-xs`}>{e.action}</td>
                  <td className={tdClass} data-testid="audit-actor">
                    {e.actor_name}
                  </td>
                  <td className={`${tdClass} break-all`}>
                    <span className="text-xs text-muted">{e.target_type}</span> {e.target_id ?? "—"}
                  </td>
                  <td className={tdClass}>
                    <span className={e.outcome === "failure" ? "font-semibold text-accent-text" : "text-success"}>
                      {t(e.outcome)}
                    </span>
                  </td>
                  <td className={`${tdClass} max-w-xs break-all font-mono text-xs text-muted`}>
                    {Object.keys(e.details).length ? JSON.stringify(e.details) : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total} onPage={setPage} t={t} />
    </section>
  );
}
