"use client";

import { useRouter } from "next/navigation";
import { NewsletterScrollButton } from "~/features/newsletter/ui/newsletter-scroll-button.tsx";
import { Link } from "~/platform/i18n/link.tsx";
import { fillText } from "~/platform/i18n/locales.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { useAuth } from "./use-auth.ts";

/** The `auth` texts the controls show; `hello` keeps its `{username}` placeholder, filled here. */
export type AuthControlsTexts = Record<
  "admin" | "adminMobile" | "changePasswordLink" | "hello" | "login" | "logout" | "newsletter",
  string
>;

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
    // Reserve the space so the header does not jump when the session arrives.
    return <span aria-hidden="true" className={cn("inline-block h-8", mobile ? "w-full" : "w-40")} />;
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

  return (
    <div className={cn("flex gap-2", mobile ? "flex-col items-stretch" : "items-center")} data-testid="auth-controls">
      <Button asChild variant="outline" size={size}>
        <Link href="/login" onClick={onNavigate} data-testid="login-link">
          {t.login}
        </Link>
      </Button>
      {mobile ? (
        // The spec gives the mobile newsletter button no behaviour of its own; it closes the menu.
        <Button type="button" variant="primary" size={size} onClick={onNavigate}>
          {t.newsletter}
        </Button>
      ) : (
        <NewsletterScrollButton variant="primary" size={size}>
          {t.newsletter}
        </NewsletterScrollButton>
      )}
    </div>
  );
}
