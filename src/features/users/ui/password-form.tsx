"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Button } from "~/ui/button.tsx";
import { PASSWORD_MIN } from "~/ui/form-limits.ts";
import { toast } from "~/ui/toast.ts";
import { AuthCallError, changePasswordRequest } from "./auth-api.ts";
import { Field } from "./field.tsx";

/** Current password, new password twice. The server ends every other session of the account. */
export function PasswordForm() {
  const t = useTranslations("auth");
  const [pending, setPending] = useState(false);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!currentPassword || !newPassword || !confirm) return void setError(t("fillAll"));
    if (newPassword.length < PASSWORD_MIN) return void setError(t("passwordTooShort"));
    if (newPassword !== confirm) return void setError(t("passwordsMismatch"));
    setPending(true);
    try {
      await changePasswordRequest({ currentPassword, newPassword });
      toast.success(t("passwordChangedTitle"), { description: t("passwordChangedText") });
      setCurrent("");
      setNew("");
      setConfirm("");
    } catch (err) {
      const e = err instanceof AuthCallError ? err : null;
      const message =
        e?.field === "currentPassword"
          ? t("currentPasswordWrong")
          : e?.status === 429
            ? t("tooManyAttempts", { seconds: e.retryAfter ?? 60 })
            : t("changePasswordError");
      setError(message);
      toast.error(t("errorTitle"), { description: message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="password-form">
      <Field
        id="current-password"
        type="password"
        autoComplete="current-password"
        label={t("currentPassword")}
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        id="new-password"
        type="password"
        autoComplete="new-password"
        label={t("newPassword")}
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
      />
      <Field
        id="confirm-password"
        type="password"
        autoComplete="new-password"
        label={t("confirmPassword")}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={error}
      />
      <Button type="submit" size="lg" disabled={pending} className="mt-2">
        {pending ? t("changePasswordSubmitting") : t("changePasswordSubmit")}
      </Button>
    </form>
  );
}
