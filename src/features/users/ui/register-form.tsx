"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useRouter } from "~/platform/i18n/navigation.ts";
import { Button } from "~/ui/button.tsx";
import { PASSWORD_MIN } from "~/ui/form-limits.ts";
import { toast } from "~/ui/toast.ts";
import { AuthCallError, registerRequest } from "./auth-api.ts";
import { Field } from "./field.tsx";
import { useAuth } from "./use-auth.ts";

type FieldName = "username" | "email" | "password";

/** Sign-up (SPEC §2 /register, §5 validation, §8 toasts). Success signs in and goes to `/`. */
export function RegisterForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const { signedIn } = useAuth();
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState({ username: "", email: "", password: "", confirm: "" });
  // The server's reason for a refused field (taken, malformed), shown under that input.
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null);
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
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
      toast.success(t("registerSuccessTitle"), { description: t("registerSuccessText", { username: user.username }) });
      router.push("/");
      router.refresh();
    } catch (err) {
      setPending(false);
      const { code, field, retryAfter } =
        err instanceof AuthCallError ? err : { code: null, field: null, retryAfter: null };
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

  const errorFor = (field: FieldName) => (fieldError?.field === field ? fieldError.message : null);
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="register-form">
      <Field
        id="username"
        autoComplete="username"
        label={t("username")}
        hint={t("usernameHint")}
        error={errorFor("username")}
        value={values.username}
        onChange={set("username")}
      />
      <Field
        id="email"
        type="email"
        autoComplete="email"
        label={t("email")}
        placeholder={t("emailPlaceholder")}
        error={errorFor("email")}
        value={values.email}
        onChange={set("email")}
      />
      <Field
        id="password"
        type="password"
        autoComplete="new-password"
        label={t("password")}
        error={errorFor("password")}
        value={values.password}
        onChange={set("password")}
      />
      <Field
        id="confirm-password"
        type="password"
        autoComplete="new-password"
        label={t("confirmPassword")}
        value={values.confirm}
        onChange={set("confirm")}
      />
      <Button type="submit" size="lg" disabled={pending} className="mt-2">
        {pending ? t("registerSubmitting") : t("registerSubmit")}
      </Button>
    </form>
  );
}
