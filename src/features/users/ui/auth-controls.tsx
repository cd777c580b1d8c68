"use client";

import { useRouter } from "next/navigation";
import { Link } from "~/platform/i18n/link.tsx";
import { fillText } from "~/platform/i18n/locales.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import type { AuthControlsTexts } from "./auth-controls-texts.ts";
import { GuessedControls, SignedOutControls } from "./signed-out-controls.tsx";
import { useAuth } from "./use-auth.ts";

export type { AuthControlsTexts } from "./auth-controls-texts.ts";

/**
 * The header's account controls (docs/product.md §2 shared header). Signed in: greeting with the username, logout and,
 * for admins, the Admin button ('Panel Admin' in the mobile menu). Signed out: login and newsletter buttons.
 * `onNavigate` lets the mobile menu close. The texts come from the server (`auth` messages; `hello` unformatted).
 */
export function AuthControls({
  variant,
  texts: t,
  onNavigate,
}: {
  variant: "desktop" | "mobile";
  texts: AuthControlsTexts;
  onNavigate?: () => void;
}) {
  const router = useRouter();
  const { user, status, signOut } = useAuth();
  const mobile = variant === "mobile";
  const size = mobile ? "md" : "sm";

  if (status === "loading") {
    // Until the session is known: the guess the page showed before it hydrated (signed-out-controls.tsx).
    return <GuessedControls mobile={mobile} size={size} texts={t} onNavigate={onNavigate} />;
  }

  if (user) {
    return (
      <div className={cn("flex gap-2", mobile ? "flex-col items-stretch" : "items-center")} data-testid="auth-controls">
        <span className="text-sm text-muted" data-testid="auth-greeting">
          {fillText(t.hello, { username: user.username })}
        </span>
        <Link
          href="/password"
          onClick={onNavigate}
          className="text-sm text-muted underline-offset-4 hover:underline"
          data-testid="password-link"
        >
          {t.changePasswordLink}
        </Link>
        {user.role === "admin" && (
          <Button asChild variant="secondary" size={size}>
            <Link href="/admin" onClick={onNavigate} data-testid="admin-link">
              {mobile ? t.adminMobile : t.admin}
            </Link>
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          size={size}
          data-testid="logout-button"
          onClick={() => {
            onNavigate?.();
            // signOut clears the header at once; the refresh re-renders server parts as signed out.
            void signOut().then(() => router.refresh());
          }}
        >
          {t.logout}
        </Button>
      </div>
    );
  }

  return <SignedOutControls mobile={mobile} size={size} texts={t} onNavigate={onNavigate} />;
}
