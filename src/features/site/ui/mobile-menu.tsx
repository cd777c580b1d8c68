"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { AuthControls } from "~/features/users/ui/auth-controls.tsx";
import { Sheet } from "~/ui/sheet.tsx";
import { LanguageToggle } from "./language-toggle.tsx";
import { NavLinks } from "./nav-links.tsx";

/** Small screens: the same items in a collapsible panel that closes on choosing a link or on logout. */
export function MobileMenu({ search }: { search: React.ReactNode }) {
  const t = useTranslations("nav");
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title={t("menuTitle")}
      closeLabel={t("closeMenu")}
      trigger={
        <button
          type="button"
          aria-label={t("openMenu")}
          data-testid="mobile-menu-button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md border border-ink/25 lg:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
          </svg>
        </button>
      }
    >
      <div className="mb-4">{search}</div>
      <nav aria-label={t("label")} data-testid="mobile-nav">
        <NavLinks layout="stack" onNavigate={close} />
      </nav>
      <div className="mt-6 flex items-center gap-3">
        <span className="text-sm text-muted">{t("language")}</span>
        <LanguageToggle onNavigate={close} />
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <AuthControls variant="mobile" onNavigate={close} />
      </div>
    </Sheet>
  );
}
