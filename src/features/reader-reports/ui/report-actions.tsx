"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { inputClass } from "~/ui/field.tsx";
import { toast } from "~/ui/toast.ts";

type Mode = "reply" | "dismiss";

/**
 * The two outcomes an editor records on a report here: a reply by e-mail (only when the reader left an
 * address) and a dismissal with its reason. Both are audited by their procedures.
 */
export function ReportActions(props: { id: string; canReply: boolean; onWriteCorrection: () => void }) {
  const t = useTranslations("adminReaderReports");
  const errorText = useErrorText();
  const utils = api.useUtils();
  const [mode, setMode] = useState<Mode | null>(null);
  const [text, setText] = useState("");
  const settled = (done: string) => ({
    onSuccess: () => {
      toast.success(done);
      setMode(null);
      setText("");
      void utils.admin.readerReports.list.invalidate();
    },
    onError: (err: unknown) => toast.error(t("failed", { error: errorText(err) })),
  });
  const reply = api.admin.readerReports.reply.useMutation(settled(t("replied")));
  const dismiss = api.admin.readerReports.dismiss.useMutation(settled(t("dismissed")));
  const busy = reply.isPending || dismiss.isPending;

  if (mode) {
    const label = mode === "reply" ? t("replyLabel") : t("dismissReason");
    return (
      <form
        className="mt-3 space-y-2"
        data-testid={`reader-report-${mode}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          if (mode === "reply") reply.mutate({ id: props.id, message: text });
          else dismiss.mutate({ id: props.id, reason: text });
        }}
      >
        <label className="block text-sm font-semibold" htmlFor={`${mode}-${props.id}`}>
          {label}
        </label>
        <textarea
          id={`${mode}-${props.id}`}
          className={`${inputClass} min-h-20`}
          required
          maxLength={mode === "reply" ? 5000 : 500}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={busy || !text.trim()} data-testid={`reader-report-${mode}-send`}>
            {mode === "reply" ? t("sendReply") : t("confirmDismiss")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setMode(null)}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" onClick={props.onWriteCorrection} data-testid="reader-report-correct">
        {t("writeCorrection")}
      </Button>
      {props.canReply && (
        <Button size="sm" variant="outline" onClick={() => setMode("reply")} data-testid="reader-report-reply">
          {t("reply")}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => setMode("dismiss")} data-testid="reader-report-dismiss">
        {t("dismiss")}
      </Button>
    </div>
  );
}
