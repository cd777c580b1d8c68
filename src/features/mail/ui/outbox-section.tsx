"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { adminDate } from "~/ui/dates.ts";
import { AdminTableHead, Pager, tableClass, tdClass } from "~/ui/pager.tsx";

/** The e-mail log: what the site sent, or (with no provider) the outbox where nothing is lost. */
export function OutboxSection() {
  const t = useTranslations("adminSubscriptions");
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const list = api.admin.outbox.list.useQuery({ page, pageSize });
  return (
    <section aria-labelledby="outbox-title" className="space-y-3" data-testid="admin-outbox">
      <h3 id="outbox-title" className="font-serif text-xl font-bold">
        {t("outboxTitle")}
      </h3>
      <p className="text-sm text-muted">{t("outboxHint")}</p>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <AdminTableHead columns={[t("date"), t("outboxTo"), t("outboxSubject"), t("outboxTag"), t("state")]} />
          <tbody>
            {list.data?.items.map((m) => (
              <tr key={m.id}>
                <td className={tdClass}>{adminDate(m.created_at)}</td>
                <td className={tdClass}>{m.to}</td>
                <td className={tdClass}>{m.subject}</td>
                <td className={tdClass}>{m.tag}</td>
                <td className={tdClass} title={m.error ?? undefined}>
                  {t(`status.${m.status}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.items.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t("outboxEmpty")}</p>
        ) : null}
      </div>
      <Pager page={page} pageSize={pageSize} total={list.data?.total} onPage={setPage} t={t} />
    </section>
  );
}
