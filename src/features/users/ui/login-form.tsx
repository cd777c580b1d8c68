"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useRouter } from "~/platform/i18n/navigation.ts";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";
import { safeCallbackUrl } from "../safe-redirect.ts";
import { AuthCallError, loginRequest } from "./auth-api.ts";
import { Field } from "./field.tsx";
import { useAuth } from "./use-auth.ts";

/** Sign-in (SPEC §2 /login, §5 validation, §8 toasts). Success goes to `/` or back to the gated page. */
export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { signedIn } = useAuth();
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error(t("errorTitle"), { description: t("fillAll") });
      return;
    }
    setPending(true);
    try {
      const { user } = await loginRequest({ email, password });
      signedIn(user);
      toast.success(t("welcomeTitle", { username: user.username }), { description: t("welcomeText") });
      router.push(safeCallbackUrl(callbackUrl, window.location.origin));
      router.refresh();
    } catch (err) {
      const status = err instanceof AuthCallError ? err.status : 0;
      const description =
        status === 401 || status === 400
          ? t("invalidCredentials")
          : status === 429
            ? t("tooManyAttempts", { seconds: (err as AuthCallError).retryAfter ?? 60 })
            : t("loginError");
      toast.error(t("errorTitle"), { description });
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="login-form">
      <Field
        id="email"
        type="email"
        autoComplete="email"
        label={t("email")}
        placeholder={t("emailPlaceholder")}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        id="password"
        type="password"
        autoComplete="current-password"
        label={t("password")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="lg" disabled={pending} className="mt-2">
        {pending ? t("loginSubmitting") : t("loginSubmit")}
      </Button>
    </form>
  );
}
