"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { AdminTableHead, tableClass, tdClass } from "~/ui/pager.tsx";
import { toast } from "~/ui/toast.ts";
import type { DeliveryList } from "../deliveries-schema.ts";

type Status = DeliveryList["rows"][number]["status"];
/** The toasts of a dead delivery's actions. */
const ACTION_TEXTS = {
  retry: { done: "retriedTitle", failed: "actionError" },
  dismiss: { done: "dismissedTitle", failed: "dismissError" },
} as const;
const STATUSES: Status[] = ["queued", "delivered", "failed-retrying", "dead"];

const COLUMNS = ["activity", "inbox", "state", "attempts", "updated"] as const;

const STATUS_STYLE: Record<Status, string> = {
  queued: "bg-ink/10 text-ink",
  delivered: "bg-success/15 text-success",
  "failed-retrying": "bg-sand text-ink",
  dead: "bg-accent/15 text-accent-text",
};

/**
 * Admin › Fediverso, deliveries: each delivery of an activity to an inbox with its status (live while any is on
 * its way), the counts by status, a filter, and the retry or dismissal of a dead one.
 */
export function DeliveriesPanel() {
  const t = useTranslations("adminFediverseDeliveries");
  const errorText = useErrorText();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const list = api.admin.fediverseDeliveries.list.useQuery(
    { status, take: 50 },
    {
      refetchInterval: (query) => {
        const counts = query.state.data?.counts;
        return counts && counts.queued + counts["failed-retrying"] > 0 ? 2000 : 10_000;
      },
    },
  );
  useEffect(() => {
    if (list.error) toast.error(t("errorTitle"), { description: errorText(list.error) });
  }, [list.error, t, errorText]);
  const data = list.data;

  return (
    <section data-testid="fediverse-deliveries" className="space-y-3">
      <h3 className="font-serif text-xl font-bold">{t("title")}</h3>
      <p className="text-sm text-muted">{t("intro")}</p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("filter")}</legend>
        {[undefined, ...STATUSES].map((s) => (
          <Button
            key={s ?? "all"}
            size="sm"
            variant={status === s ? "secondary" : "ghost"}
            data-testid="delivery-filter"
            data-status={s ?? "all"}
            onClick={() => setStatus(s)}
          >
            {s ? `${t(`status.${s}`)} (${data?.counts[s] ?? 0})` : t("all")}
          </Button>
        ))}
      </fieldset>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <AdminTableHead columns={COLUMNS.map((c) => t(c))} />
          <tbody>
            {data?.rows.map((d) => (
              <tr key={d.id} data-testid="fediverse-delivery" data-id={d.id} data-status={d.status}>
                <td className={tdClass}>
                  <p className="font-semibold">{d.activity_type}</p>
                  <p className="break-all font-mono text-xs text-muted">{d.activity_id}</p>
                </td>
                <td className={tdClass}>
                  <p className="break-all font-mono text-xs">{d.inbox}</p>
                  {d.shared_inbox ? <p className="text-xs text-muted">{t("sharedInbox")}</p> : null}
                </td>
                <td className={tdClass}>
                  <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[d.status]}`}>
                    {t(`status.${d.status}`)}
                  </span>
                  {d.last_error ? <p className="mt-1 text-xs text-accent-text">{d.last_error}</p> : null}
                  {d.status === "dead" ? (
                    <div className="mt-2 flex flex-wrap gap-2">
                      <DeadDeliveryButton id={d.id} action="retry" />
                      <DeadDeliveryButton id={d.id} action="dismiss" />
                    </div>
                  ) : null}
                </td>
                <td className={tdClass}>{d.attempts}</td>
                <td className={tdClass}>{adminDate(d.delivered_at ?? d.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isLoading || data?.rows.length === 0 ? (
          <p className="py-4 text-sm text-muted">{t(list.isLoading ? "loading" : "empty")}</p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A dead delivery's two actions: send it again (a fresh first attempt) or give up on it (its row goes); the
 * list refreshes either way.
 */
function DeadDeliveryButton({ id, action }: { id: string; action: "retry" | "dismiss" }) {
  const t = useTranslations("adminFediverseDeliveries");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const texts = ACTION_TEXTS[action];
  const mutation = api.admin.fediverseDeliveries[action].useMutation({
    onSuccess: () => {
      toast.success(t(texts.done));
      void utils.admin.fediverseDeliveries.list.invalidate();
    },
    onError: (e) => toast.error(t(texts.failed), { description: errorText(e) }),
  });
  return (
    <Button
      size="sm"
      variant={action === "retry" ? "secondary" : "ghost"}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ id })}
      data-testid={`delivery-${action}`}
    >
      {t(action)}
    </Button>
  );
}
