"use client";

import { useState } from "react";
import { SearchForm, type SearchFormTexts } from "~/features/search/ui/search-form.tsx";
import { AuthControls, type AuthControlsTexts } from "~/features/users/ui/auth-controls.tsx";
import { Sheet } from "~/ui/sheet.tsx";
import { LanguageToggle, type LanguageToggleTexts } from "./language-toggle.tsx";
import type { NavLabels } from "./nav-items.ts";
import { NavLinks } from "./nav-links.tsx";

/** The menu's own texts (`nav` messages). */
export type MobileMenuTexts = Record<"menuTitle" | "closeMenu" | "openMenu" | "label" | "language", string>;

/**
 * Small screens: the same items in a collapsible panel that closes on choosing a link or on logout. The texts
 * are the objects the header's desktop controls get too (one copy each in the page's payload).
 */
export function MobileMenu({
  search,
  texts: t,
  navLabels,
  toggle,
  auth,
}: {
  search: SearchFormTexts;
  texts: MobileMenuTexts;
  navLabels: NavLabels;
  toggle: LanguageToggleTexts;
  auth: AuthControlsTexts;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title={t.menuTitle}
      closeLabel={t.closeMenu}
      trigger={
        <button
          type="button"
          aria-label={t.openMenu}
          data-testid="mobile-menu-button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md border border-ink/25 lg:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
          </svg>
        </button>
      }
    >
      <div className="mb-4">
        <SearchForm texts={search} id="site-search-mobile" />
      </div>
      <nav aria-label={t.label} data-testid="mobile-nav">
        <NavLinks layout="stack" labels={navLabels} onNavigate={close} />
      </nav>
      <div className="mt-6 flex items-center gap-3">
        <span className="text-sm text-muted">{t.language}</span>
        <LanguageToggle texts={toggle} onNavigate={close} />
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <AuthControls variant="mobile" texts={auth} onNavigate={close} />
      </div>
    </Sheet>
  );
}
