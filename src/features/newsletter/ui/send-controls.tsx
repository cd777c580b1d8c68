"use client";

import { useTranslations } from "next-intl";
import type { RouterOutputs } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

type Newsletter = RouterOutputs["admin"]["newsletters"]["list"][number];

/**
 * A running send: its state, and the operator's way out when it has no job behind it (resume) or should stop
 * (cancel). Resuming skips the batches already delivered, so nobody gets it twice.
 */
export function SendControls(props: {
  newsletter: Newsletter;
  busy: boolean;
  onResume: (id: string) => void;
  onCancel: (id: string) => void;
}) {
  const t = useTranslations("adminNewsletters");
  const n = props.newsletter;
  return (
    <>
      <span className="px-2 py-1 text-xs text-muted" data-testid="newsletter-sending">
        {n.stalled ? t("stalled") : t("sending")}
      </span>
      {n.stalled ? (
        <ResumeSendButton newsletter={n} busy={props.busy} onResume={props.onResume} testId="newsletter-resume" />
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm" disabled={props.busy} data-testid="newsletter-cancel-send">
            {t("cancelSend")}
          </Button>
        }
        title={t("cancelSendTitle")}
        description={t("cancelSendBody", { subject: n.subject_es })}
        confirmLabel={t("cancelSend")}
        cancelLabel={t("cancel")}
        destructive
        onConfirm={() => props.onCancel(n.id)}
      />
    </>
  );
}

/** "Reanudar": a send with no job behind it, or paused by a provider outage, goes on at its first unsent batch. */
export function ResumeSendButton(props: {
  newsletter: Newsletter;
  busy: boolean;
  onResume: (id: string) => void;
  testId: string;
}) {
  const t = useTranslations("adminNewsletters");
  const n = props.newsletter;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" disabled={props.busy} data-testid={props.testId}>
          {t("resume")}
        </Button>
      }
      title={t("sendTitle")}
      description={t("retryBody", { subject: n.subject_es })}
      confirmLabel={t("resume")}
      cancelLabel={t("cancel")}
      onConfirm={() => props.onResume(n.id)}
    />
  );
}
