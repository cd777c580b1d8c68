"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";

/** The server refused an approval because the draft's verification has findings (it needs `confirm_findings`). */
export function isUnverifiedDraftRefusal(err: unknown): boolean {
  const data = typeof err === "object" && err && "data" in err ? (err.data as { reason?: string } | null) : null;
  return data?.reason === "unverifiedDraft";
}

/** Asks the editor to approve (now or for later) a draft whose verification found unsupported claims. */
export function FindingsConfirmDialog(props: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations("adminDesk.verification");
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={(open) => !open && props.onCancel()}
      title={t("confirmTitle")}
      description={t("confirmApprove")}
      confirmLabel={t("confirmAction")}
      cancelLabel={t("confirmCancel")}
      onConfirm={props.onConfirm}
    />
  );
}
