"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RouterOutputs } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { adminDate } from "~/ui/dates.ts";
import { tdClass } from "~/ui/pager.tsx";
import { newsletterComposition } from "../schema.ts";
import { NewsletterStats } from "./newsletter-stats.tsx";
import { NewsletterPreviewDialog } from "./preview-dialog.tsx";
import { ResumeSendButton, SendControls } from "./send-controls.tsx";
import { TestSendButton } from "./test-send-button.tsx";

type Newsletter = RouterOutputs["admin"]["newsletters"]["list"][number];

const STATUS_STYLE: Record<Newsletter["status"], string> = {
  draft: "bg-ink/10 text-ink",
  pending: "bg-sand text-ink",
  approved: "bg-sand text-ink",
  sending: "bg-sponsor text-sponsor-ink",
  sent: "bg-success/15 text-success",
  failed: "bg-accent/15 text-accent-text",
  paused: "bg-accent/15 text-accent-text",
};

/** The time of day of an admin date, in the admin's style. */
const clock = (d: Date | string) => new Date(d).toLocaleTimeString("es-ES", { hour: "2-digit", minute: "2-digit" });

/**
 * One newsletter: status, dates, counts (and, while the e-mail provider is down, the next try or the pause);
 * preview, send (not once sent; retry when failed; resume when paused), delete.
 */
export function NewsletterRow(props: {
  newsletter: Newsletter;
  busy: boolean;
  onSend: (id: string) => void;
  onResumePaused: (id: string) => void;
  onCancelSend: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const t = useTranslations("adminNewsletters");
  const n = props.newsletter;
  const [preview, setPreview] = useState(false);
  const failed = n.status === "failed";
  const paused = n.status === "paused";
  const mix = newsletterComposition(n.items, new Date(n.week_start));
  return (
    <tr data-testid="newsletter-row" data-id={n.id} data-status={n.status}>
      <td className={tdClass}>
        <p className="font-semibold">{n.subject_es}</p>
        <p className="text-xs text-muted" data-testid="newsletter-composition">
          {mix.recent > 0 ? t("composition", mix) : t("items", { count: n.items.length })}
        </p>
        <NewsletterStats newsletter={n} />
        {failed && n.failure_reason ? (
          <p className="mt-1 text-xs text-accent-text">
            {t("failureReason")}: {n.failure_reason}
          </p>
        ) : null}
      </td>
      <td className={tdClass}>
        <span
          className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[n.status]}`}
          data-testid="newsletter-status"
        >
          {t(`status.${n.status}`)}
        </span>
      </td>
      <td className={tdClass}>{adminDate(n.created_at)}</td>
      <td className={tdClass}>{adminDate(n.sent_at)}</td>
      <td className={tdClass} data-testid="newsletter-progress">
        {n.status === "draft" ? "—" : `${n.sent_count}/${n.recipient_count}`}
        {n.status === "sending" && n.eta_seconds !== null ? (
          <p className="text-xs text-muted" data-testid="newsletter-eta">
            {t("eta", { minutes: Math.floor(n.eta_seconds / 60), seconds: n.eta_seconds % 60 })}
          </p>
        ) : null}
        {n.status === "sending" && n.provider_retry_at ? (
          <p className="text-xs text-accent-text" data-testid="newsletter-provider-wait">
            {t("providerWaiting", { time: clock(n.provider_retry_at) })}
          </p>
        ) : null}
        {paused && n.provider_down_since ? (
          <p className="text-xs text-accent-text" data-testid="newsletter-provider-paused">
            {t("providerPaused", { time: clock(n.provider_down_since) })}
          </p>
        ) : null}
      </td>
      <td className={`${tdClass} whitespace-nowrap text-right`}>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => setPreview(true)}>
            {t("preview")}
          </Button>
          <TestSendButton id={n.id} />
          {paused ? (
            <ResumeSendButton
              newsletter={n}
              busy={props.busy}
              onResume={props.onResumePaused}
              testId="newsletter-resume-paused"
            />
          ) : null}
          {n.status !== "sent" && n.status !== "sending" && !paused ? (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" size="sm" disabled={props.busy}>
                  {failed ? t("retry") : t("send")}
                </Button>
              }
              title={t("sendTitle")}
              description={
                failed ? t("retryBody", { subject: n.subject_es }) : t("sendBody", { subject: n.subject_es })
              }
              confirmLabel={failed ? t("retry") : t("send")}
              cancelLabel={t("cancel")}
              onConfirm={() => props.onSend(n.id)}
            />
          ) : null}
          {n.status === "sending" ? (
            <SendControls newsletter={n} busy={props.busy} onResume={props.onSend} onCancel={props.onCancelSend} />
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" disabled={props.busy || n.status === "sending"}>
                {t("delete")}
              </Button>
            }
            title={t("deleteTitle")}
            description={t("deleteBody", { subject: n.subject_es })}
            confirmLabel={t("delete")}
            cancelLabel={t("cancel")}
            destructive
            onConfirm={() => props.onDelete(n.id)}
          />
        </div>
        {preview ? (
          <NewsletterPreviewDialog id={n.id} subject={n.subject_es} open={preview} onOpenChange={setPreview} />
        ) : null}
      </td>
    </tr>
  );
}
