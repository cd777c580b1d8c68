import { useTranslations } from "next-intl";
import { SearchBox } from "~/features/search/ui/search-box.tsx";
import { AuthControls } from "~/features/users/ui/auth-controls.tsx";
import { Link } from "~/platform/i18n/navigation.ts";
import { LanguageToggle } from "./language-toggle.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavLinks } from "./nav-links.tsx";

/** Shared header (SPEC §2): logo, 8-item navigation, search, language toggle and the account controls. */
export function SiteHeader() {
  const t = useTranslations("nav");
  const tSite = useTranslations("site");
  return (
    <header className="border-b border-ink/15 bg-paper" data-testid="site-header">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link href="/" aria-label={tSite("logoLabel")} className="shrink-0">
          <Logo />
        </Link>
        <div className="hidden flex-1 justify-center md:flex">
          <SearchBox className="w-full max-w-xs" />
        </div>
        <div className="flex items-center gap-2">
          <LanguageToggle />
          <div className="hidden items-center gap-2 lg:flex">
            <AuthControls variant="desktop" />
          </div>
          <MobileMenu search={<SearchBox id="site-search-mobile" />} />
        </div>
      </div>
      <nav aria-label={t("label")} className="hidden border-t border-rule lg:block" data-testid="desktop-nav">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <NavLinks layout="bar" />
        </div>
      </nav>
    </header>
  );
}
