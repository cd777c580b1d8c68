"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { useErrorText } from "~/ui/error-text.ts";
import { inputClass } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";
import { FindingsConfirmDialog, isUnverifiedDraftRefusal } from "./findings-confirm.tsx";

/** A datetime-local value (the editor's own time zone). */
function localInputValue(d: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function tomorrowAtEight() {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(8, 0, 0, 0);
  return d;
}

/** Approve for later, or move / cancel an existing schedule (the scheduler publishes it at that time). */
export function ScheduleControls(props: { article: ArticleDto; onChanged: (a: ArticleDto) => void }) {
  const t = useTranslations("adminDesk.schedule");
  const errorText = useErrorText();
  const a = props.article;
  const [when, setWhen] = useState(() => localInputValue(a.publish_at ? new Date(a.publish_at) : tomorrowAtEight()));
  const done = (message: string) => (article: ArticleDto) => {
    toast.success(message);
    props.onChanged(article);
  };
  const onError = (err: unknown) => toast.error(t("failed"), { description: errorText(err) });
  // Approving for later a draft with verification findings needs the same explicit confirmation as approving.
  const [unconfirmedAt, setUnconfirmedAt] = useState<Date | null>(null);
  const approve = api.admin.publications.review.useMutation({
    onSuccess: done(t("done")),
    onError: (err, vars) => {
      if (isUnverifiedDraftRefusal(err) && !vars.confirm_findings && vars.publish_at instanceof Date)
        setUnconfirmedAt(vars.publish_at);
      else onError(err);
    },
  });
  const move = api.admin.publications.schedule.useMutation({ onError });
  const busy = approve.isPending || move.isPending;
  const at = () => {
    const d = new Date(when);
    if (Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
      toast.error(t("mustBeFuture"));
      return null;
    }
    return d;
  };
  if (a.status === "published") return null;
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md border border-ink/15 p-3" data-testid="schedule-controls">
      {a.publish_at ? (
        <p className="w-full text-sm font-semibold" data-testid="schedule-status">
          {t("scheduledFor", { when: adminDate(a.publish_at) })}
        </p>
      ) : null}
      <label className="text-sm">
        <span className="block font-semibold">{t("label")}</span>
        <input
          type="datetime-local"
          className={inputClass}
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          data-testid="schedule-input"
        />
      </label>
      {a.publish_at ? (
        <>
          <Button
            variant="secondary"
            disabled={busy}
            data-testid="schedule-move"
            onClick={() => {
              const d = at();
              if (d) move.mutate({ slug: a.slug, publish_at: d }, { onSuccess: done(t("moved")) });
            }}
          >
            {t("move")}
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            data-testid="schedule-cancel"
            onClick={() => move.mutate({ slug: a.slug, publish_at: null }, { onSuccess: done(t("cancelled")) })}
          >
            {t("cancel")}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          disabled={busy}
          data-testid="schedule-approve"
          onClick={() => {
            const d = at();
            if (d) approve.mutate({ slug: a.slug, status: "published", publish_at: d });
          }}
        >
          {t("approveLater")}
        </Button>
      )}
      <FindingsConfirmDialog
        open={unconfirmedAt !== null}
        onCancel={() => setUnconfirmedAt(null)}
        onConfirm={() => {
          if (unconfirmedAt)
            approve.mutate({ slug: a.slug, status: "published", publish_at: unconfirmedAt, confirm_findings: true });
          setUnconfirmedAt(null);
        }}
      />
    </div>
  );
}
