"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ContactMessagesSection } from "~/features/contact/ui/admin.ts";
import { OutboxSection } from "~/features/mail/ui/outbox-section.tsx";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { adminDate } from "~/ui/dates.ts";
import { AdminTableHead, Pager, tableClass, tdClass } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";
import { useDebounced } from "~/ui/use-debounced.ts";

const PAGE_SIZE = 25;

/** Admin › Suscripciones: the list (Activa/Inactiva, source, date, language), search, pages, delete, CSV; then the e-mail log and contact messages. */
export function SubscriptionsTab() {
  const t = useTranslations("adminSubscriptions");
  const [search, setSearch] = useState("");
  // Search as you type, without a request per keystroke; a new search starts at its first page.
  const q = useDebounced(search.trim());
  const [paged, setPaged] = useState({ q, page: 1 });
  const page = paged.q === q ? paged.page : 1;
  const setPage = (next: number) => setPaged({ q, page: next });
  const utils = api.useUtils();

  const list = api.admin.subscriptions.list.useQuery({ q: q || undefined, page, pageSize: PAGE_SIZE });
  useEffect(() => {
    if (list.error) toast.error(t("errorTitle"), { description: t("loadError") });
  }, [list.error, t]);

  const remove = api.admin.subscriptions.delete.useMutation({
    onSuccess: () => {
      toast.success(t("deleted"));
      void utils.admin.subscriptions.list.invalidate();
    },
    onError: () => toast.error(t("errorTitle"), { description: t("deleteError") }),
  });

  return (
    <section data-testid="admin-tab-subscriptions" className="space-y-10">
      <div className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
            {list.data ? <p className="text-sm text-muted">{t("total", { count: list.data.total })}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <label htmlFor="subscriptions-search" className="sr-only">
              {t("search")}
            </label>
            <input
              id="subscriptions-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t("search")}
              className="h-10 w-64 rounded-md border border-ink/25 bg-surface px-3 text-sm"
            />
            <Button asChild variant="outline">
              <a href="/api/admin/newsletter/subscriptions/export" download>
                {t("exportCsv")}
              </a>
            </Button>
          </div>
        </div>
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <AdminTableHead
              columns={[t("email"), t("state"), t("source"), t("language"), t("date")]}
              actions={t("actions")}
            />
            <tbody>
              {list.data?.items.map((s) => (
                <tr key={s.id} data-testid="subscription-row" data-email={s.email}>
                  <td className={tdClass}>{s.email}</td>
                  <td className={tdClass}>
                    <span
                      className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${s.subscribed ? "bg-success/15 text-success" : "bg-ink/10 text-muted"}`}
                    >
                      {s.subscribed ? t("active") : t("inactive")}
                    </span>
                    {s.status !== "confirmed" ? (
                      <span className="ml-2 text-xs text-muted">
                        {t(s.status === "pending" ? "pending" : "unsubscribed")}
                      </span>
                    ) : null}
                  </td>
                  <td className={tdClass}>{s.source ?? "—"}</td>
                  <td className={tdClass}>{s.locale.toUpperCase()}</td>
                  <td className={tdClass}>{adminDate(s.created_at)}</td>
                  <td className={`${tdClass} text-right`}>
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" disabled={remove.isPending}>
                          {t("delete")}
                        </Button>
                      }
                      title={t("deleteTitle")}
                      description={t("deleteBody", { email: s.email })}
                      confirmLabel={t("delete")}
                      cancelLabel={t("cancel")}
                      destructive
                      onConfirm={() => remove.mutate({ email: s.email })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isLoading ? <p className="py-4 text-sm text-muted">{t("loading")}</p> : null}
          {list.data && list.data.items.length === 0 ? <p className="py-4 text-sm text-muted">{t("empty")}</p> : null}
        </div>
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total} onPage={setPage} t={t} />
      </div>
      <ContactMessagesSection />
      <OutboxSection />
    </section>
  );
}
