"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { PASSWORD_MIN } from "~/ui/form-limits.ts";
import { PostJsonError } from "~/ui/post-json.ts";
import { toast, toastOnNextPage } from "~/ui/toast.ts";
import { registerRequest } from "./auth-api.ts";
import { AuthForm, emailField, passwordField, usernameField } from "./auth-fields.tsx";
import { useAuth } from "./use-auth.ts";

type FieldName = "username" | "email" | "password";
const FIELDS = {
  username: usernameField,
  email: emailField,
  password: passwordField("password", "password", "new-password"),
  confirm: passwordField("confirm-password", "confirmPassword", "new-password"),
};

/** Sign-up (docs/product.md §2 /register, §5 validation, §8 toasts). Success signs in and goes to `/`. */
export function RegisterForm() {
  const t = useTranslations("auth");
  const locale = useLocale() as Locale;
  const { signedIn } = useAuth();
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState({ username: "", email: "", password: "", confirm: "" });
  // The server's reason for a refused field (taken, malformed), shown under that input.
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null);
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (fieldError?.field === key) setFieldError(null);
  };
  const fail = (description: string) => toast.error(t("errorTitle"), { description });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { username, email, password, confirm } = values;
    if (!username.trim() || !email.trim() || !password || !confirm) return fail(t("fillAll"));
    if (password !== confirm) return fail(t("passwordsMismatch"));
    if (password.length < PASSWORD_MIN) return fail(t("passwordTooShort"));
    setPending(true);
    try {
      const { user } = await registerRequest({ username, email, password });
      signedIn(user);
      toastOnNextPage("success", t("registerSuccessTitle"), {
        description: t("registerSuccessText", { username: user.username }),
      });
      window.location.assign(localizedPath("/", locale));
    } catch (err) {
      setPending(false);
      const { code, field, retryAfter } =
        err instanceof PostJsonError ? err : { code: null, field: null, retryAfter: null };
      if (code === "CONFLICT" || code === "BAD_REQUEST") {
        if (field === "email")
          setFieldError({ field, message: t(code === "CONFLICT" ? "emailTaken" : "invalidEmail") });
        if (field === "username")
          setFieldError({ field, message: t(code === "CONFLICT" ? "usernameTaken" : "invalidUsername") });
        if (field === "password") setFieldError({ field, message: t("passwordTooShort") });
        return fail(t("registerFailed"));
      }
      if (code === "TOO_MANY_REQUESTS") return fail(t("tooManyAttempts", { seconds: retryAfter ?? 60 }));
      return fail(t("registerError"));
    }
  }

  return (
    <AuthForm
      testId="register-form"
      onSubmit={onSubmit}
      pending={pending}
      submit={t("registerSubmit")}
      submitting={t("registerSubmitting")}
      fields={FIELDS}
      values={values}
      onChange={set}
      errors={fieldError ? { [fieldError.field]: fieldError.message } : undefined}
    />
  );
}
