"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Pager } from "~/ui/pager.tsx";
import { StatusListHeader } from "~/ui/status-list-header.tsx";
import { REPLY_STATUSES, type ReplyStatus } from "../replies-schema.ts";
import { ReplyItemView } from "./reply-item.tsx";

const PAGE_SIZE = 20;
const ALL = "all";

/** "Respuestas del fediverso": replies to federated articles, pending first, each approved or rejected here. */
export function FediverseRepliesTab() {
  const t = useTranslations("adminFediverseReplies");
  const [status, setStatus] = useState<ReplyStatus | typeof ALL>("pending");
  const [page, setPage] = useState(1);
  const list = api.admin.fediverseReplies.list.useQuery({
    status: status === ALL ? undefined : status,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <section aria-labelledby="fediverse-replies-title" className="space-y-4" data-testid="admin-tab-fediverse-replies">
      <StatusListHeader
        titleId="fediverse-replies-title"
        title={t("title")}
        intro={t("intro")}
        filter={{
          label: t("filter"),
          value: status,
          testId: "fediverse-replies-filter",
          onValueChange: (v) => {
            setStatus(v as ReplyStatus | typeof ALL);
            setPage(1);
          },
          options: [
            ...REPLY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            { value: ALL, label: t("all") },
          ],
        }}
      />
      {list.data?.items.length === 0 && <p className="text-sm text-muted">{t("empty")}</p>}
      <ul className="space-y-3">
        {list.data?.items.map((r) => (
          <ReplyItemView key={r.id} reply={r} />
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total} onPage={setPage} t={t} />
    </section>
  );
}
