"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN } from "~/ui/form-limits.ts";
import { PostJsonError } from "~/ui/post-json.ts";
import { toast } from "~/ui/toast.ts";
import { changePasswordRequest } from "./auth-api.ts";
import { AuthForm, passwordField } from "./auth-fields.tsx";
import { authStore } from "./auth-store.ts";

const EMPTY = { currentPassword: "", newPassword: "", confirm: "" };
const FIELDS = {
  currentPassword: passwordField("current-password", "currentPassword", "current-password"),
  newPassword: passwordField("new-password", "newPassword", "new-password"),
  confirm: passwordField("confirm-password", "confirmPassword", "new-password"),
};

/** Current password, new password twice. The server ends every other session of the account. */
export function PasswordForm() {
  const t = useTranslations("auth");
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const { currentPassword, newPassword, confirm } = values;
    if (!currentPassword || !newPassword || !confirm) return void setError(t("fillAll"));
    if (newPassword.length < PASSWORD_MIN) return void setError(t("passwordTooShort"));
    if (newPassword !== confirm) return void setError(t("passwordsMismatch"));
    setPending(true);
    try {
      await changePasswordRequest({ currentPassword, newPassword });
      authStore.sessionRenewed();
      toast.success(t("passwordChangedTitle"), { description: t("passwordChangedText") });
      setValues(EMPTY);
    } catch (err) {
      const e = err instanceof PostJsonError ? err : null;
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
    <AuthForm
      testId="password-form"
      onSubmit={onSubmit}
      pending={pending}
      submit={t("changePasswordSubmit")}
      submitting={t("changePasswordSubmitting")}
      fields={FIELDS}
      values={values}
      onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
      errors={{ confirm: error }}
    />
  );
}
