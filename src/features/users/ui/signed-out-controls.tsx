"use client";

import { NewsletterScrollButton } from "~/features/newsletter/ui/newsletter-scroll-button.tsx";
import { Link } from "~/platform/i18n/link.tsx";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import type { AuthControlsTexts } from "./auth-controls-texts.ts";

type Props = { mobile: boolean; size: "sm" | "md"; texts: AuthControlsTexts; onNavigate?: () => void };

/**
 * The account controls before the session is known: the signed-out ones, shown where a reader page's loader
 * knows of no session in this browser (html[data-guest], platform/request-edge/hydrate-on-intent.js: most
 * readers, on a page whose scripts wait for their first intent; they are plain links), otherwise only holding
 * their space so that the header does not jump when the session arrives (globals.css, `.auth-guess`).
 */
export function GuessedControls(props: Props) {
  return (
    <div className="auth-guess">
      <SignedOutControls {...props} />
    </div>
  );
}

/** Signed out: login and newsletter buttons (docs/product.md §2 shared header). */
export function SignedOutControls({ mobile, size, texts: t, onNavigate }: Props) {
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
