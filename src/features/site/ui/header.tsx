import { SearchForm, type SearchFormTexts } from "~/features/search/ui/search-form.tsx";
import type { AuthControlsTexts } from "~/features/users/ui/auth-controls.tsx";
import { DeferredAuthControls } from "~/features/users/ui/deferred-auth-controls.tsx";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { useLocale, useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { LanguageToggle, type LanguageToggleTexts } from "./language-toggle.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu, type MobileMenuTexts } from "./mobile-menu.tsx";
import { navLabels } from "./nav-items.ts";
import { NavLinks } from "./nav-links.tsx";

/**
 * Shared header (docs/product.md §2): logo, 8-item navigation, search, language toggle and the account controls. The
 * client controls get their texts from here as props, so pages need no client-side message runtime; each
 * texts object is handed to both the desktop and the mobile control, which the payload writes once.
 */
export function SiteHeader() {
  const t = useTranslations("nav");
  const tSite = useTranslations("site");
  const tAuth = useTranslations("auth");
  const nav = navLabels(t);
  const search: SearchFormTexts = {
    action: localizedPath("/buscar", useLocale() as Locale),
    label: t("searchLabel"),
    placeholder: t("searchPlaceholder"),
    submit: t("searchSubmit"),
  };
  const toggle: LanguageToggleTexts = { switchTo: t("switchTo"), switchToLabel: t("switchToLabel") };
  const auth: AuthControlsTexts = {
    admin: tAuth("admin"),
    adminMobile: tAuth("adminMobile"),
    changePasswordLink: tAuth("changePasswordLink"),
    hello: tAuth("hello", { username: "{username}" }),
    login: tAuth("login"),
    logout: tAuth("logout"),
    newsletter: tAuth("newsletter"),
  };
  const menu: MobileMenuTexts = {
    menuTitle: t("menuTitle"),
    closeMenu: t("closeMenu"),
    openMenu: t("openMenu"),
    label: t("label"),
    language: t("language"),
  };
  return (
    <header className="border-b border-ink/15 bg-paper" data-testid="site-header">
      <div className="wrap flex items-center justify-between gap-4 py-3">
        <Link href="/" aria-label={tSite("logoLabel")} className="shrink-0">
          <Logo />
        </Link>
        <div className="hidden flex-1 justify-center md:flex">
          <SearchForm texts={search} className="w-full max-w-xs" />
        </div>
        <div className="flex items-center gap-2">
          <LanguageToggle texts={toggle} />
          <div className="hidden items-center gap-2 lg:flex">
            <DeferredAuthControls variant="desktop" texts={auth} />
          </div>
          <MobileMenu search={search} texts={menu} navLabels={nav} toggle={toggle} auth={auth} />
        </div>
      </div>
      <nav aria-label={menu.label} className="hidden border-t border-rule lg:block" data-testid="desktop-nav">
        <div className="wrap">
          <NavLinks layout="bar" labels={nav} />
        </div>
      </nav>
    </header>
  );
}
