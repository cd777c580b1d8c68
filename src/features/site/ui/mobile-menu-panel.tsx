"use client";

import { SearchForm, type SearchFormTexts } from "~/features/search/ui/search-form.tsx";
import { AuthControls, type AuthControlsTexts } from "~/features/users/ui/auth-controls.tsx";
import { Sheet } from "~/ui/sheet.tsx";
import { LanguageToggle, type LanguageToggleTexts } from "./language-toggle.tsx";
import type { NavLabels } from "./nav-items.ts";
import { NavLinks } from "./nav-links.tsx";

/** The menu's own texts (`nav` messages). */
export type MobileMenuTexts = Record<"menuTitle" | "closeMenu" | "openMenu" | "label" | "language", string>;

export interface MobileMenuPanelProps {
  search: SearchFormTexts;
  texts: MobileMenuTexts;
  navLabels: NavLabels;
  toggle: LanguageToggleTexts;
  auth: AuthControlsTexts;
}

/**
 * The mobile menu's panel: the header's items in a side sheet that closes on choosing a link or on logout.
 * Its code is fetched on the first tap of the menu button (./mobile-menu.tsx), not with the page.
 */
export default function MobileMenuPanel({
  id,
  open,
  onOpenChange,
  search,
  texts: t,
  navLabels,
  toggle,
  auth,
}: MobileMenuPanelProps & { id: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Sheet id={id} open={open} onOpenChange={onOpenChange} title={t.menuTitle} closeLabel={t.closeMenu}>
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
