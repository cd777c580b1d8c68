"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { Pager } from "~/ui/pager.tsx";

/** Messages sent through /contacto, newest first; stored before any e-mail goes out. */
export function ContactMessagesSection() {
  const t = useTranslations("adminSubscriptions");
  const reasons = useTranslations("contactForm.reasons");
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const utils = api.useUtils();
  const list = api.admin.contactMessages.list.useQuery({ page, pageSize });
  const markRead = api.admin.contactMessages.markRead.useMutation({
    onSuccess: () => utils.admin.contactMessages.list.invalidate(),
  });
  return (
    <section aria-labelledby="contact-messages-title" className="space-y-3" data-testid="admin-contact-messages">
      <h3 id="contact-messages-title" className="font-serif text-xl font-bold">
        {t("contactTitle")}
      </h3>
      {list.data && list.data.items.length === 0 ? <p className="text-sm text-muted">{t("contactEmpty")}</p> : null}
      <ul className="space-y-3">
        {list.data?.items.map((m) => (
          <li key={m.id} className="rounded-md border border-ink/15 bg-surface p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <p>
                <strong>{m.name}</strong> &lt;{m.email}&gt;{m.organization ? ` · ${m.organization}` : ""}
              </p>
              <span className="text-muted">{adminDate(m.created_at)}</span>
            </div>
            <p className="mt-1 text-xs text-muted">
              {t("contactReason")}:{" "}
              {(["press", "collaboration", "sponsorship", "training", "other"] as const).includes(m.reason as "other")
                ? reasons(m.reason as "other")
                : m.reason}{" "}
              · {m.locale}
            </p>
            <p className="mt-2 whitespace-pre-wrap text-sm">{m.message}</p>
            <div className="mt-2">
              {m.read_at ? (
                <span className="text-xs text-muted">{t("read")}</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate({ id: m.id })}
                >
                  {t("markRead")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={pageSize} total={list.data?.total} onPage={setPage} t={t} />
    </section>
  );
}
