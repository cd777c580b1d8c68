"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { useRouter } from "~/platform/i18n/navigation.ts";
import { PostJsonError } from "~/ui/post-json.ts";
import { toast, toastOnNextPage } from "~/ui/toast.ts";
import { safeCallbackUrl } from "../safe-redirect.ts";
import { loginRequest } from "./auth-api.ts";
import { AuthForm, emailField, passwordField } from "./auth-fields.tsx";
import { useAuth } from "./use-auth.ts";

/** The admin desk's paths (a callback back to a gated section). */
const DESK = /^\/admin(?:[/?#]|$)/;
const FIELDS = { email: emailField, password: passwordField("password", "password", "current-password") };

/** Sign-in (docs/product.md §2 /login, §5 validation, §8 toasts). Success goes to `/` or back to the gated page. */
export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { signedIn } = useAuth();
  const [pending, setPending] = useState(false);
  const [values, setValues] = useState({ email: "", password: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email, password } = values;
    if (!email.trim() || !password) {
      toast.error(t("errorTitle"), { description: t("fillAll") });
      return;
    }
    setPending(true);
    try {
      const { user } = await loginRequest({ email, password });
      signedIn(user);
      const target = safeCallbackUrl(callbackUrl, window.location.origin);
      const welcome = t("welcomeTitle", { username: user.username });
      const details = { description: t("welcomeText") };
      if (DESK.test(target)) {
        // The desk is one client app with no static parts: routed to, its controls live at once.
        toast.success(welcome, details);
        router.push(target);
        router.refresh();
      } else {
        // A reader page is a whole document (its static parts are not in the router's payload): loaded.
        toastOnNextPage("success", welcome, details);
        window.location.assign(localizedPath(target, locale));
      }
    } catch (err) {
      const status = err instanceof PostJsonError ? err.status : 0;
      const description =
        status === 401 || status === 400
          ? t("invalidCredentials")
          : status === 429
            ? t("tooManyAttempts", { seconds: (err as PostJsonError).retryAfter ?? 60 })
            : t("loginError");
      toast.error(t("errorTitle"), { description });
      setPending(false);
    }
  }

  return (
    <AuthForm
      testId="login-form"
      onSubmit={onSubmit}
      pending={pending}
      submit={t("loginSubmit")}
      submitting={t("loginSubmitting")}
      fields={FIELDS}
      values={values}
      onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
    />
  );
}
