"use client";

import type { ComponentProps } from "react";
import { Link, useLocale, usePathname } from "~/platform/i18n/link.tsx";
import { defaultLocale, LOCALE_CHOICE_PARAM, LOCALE_COOKIE, type Locale } from "~/platform/i18n/locales.ts";
import { cn } from "~/ui/cn.ts";

/**
 * Remembers an explicit choice in the NEXT_LOCALE cookie (docs/product.md §4 language persistence). Only a click
 * writes it, and nothing redirects on it: an unprefixed URL is Spanish and an /en URL English, always.
 */
function rememberLocale(locale: Locale) {
  const { name, maxAge, path, sameSite } = LOCALE_COOKIE;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, no Cookie Store API needed
  document.cookie = `${name}=${locale}; path=${path}; max-age=${maxAge}; samesite=${sameSite}`;
}

/**
 * This page in `locale`. A click remembers it. The Spanish root carries the choice in its link as well: clicked
 * before the page hydrates, the handler has not run, and the remembered English would send "/" back to /en.
 */
function LocaleLink({
  locale,
  onClick,
  ...link
}: Omit<ComponentProps<typeof Link>, "href" | "locale" | "hrefLang" | "lang"> & { locale: Locale }) {
  const pathname = usePathname();
  const href = pathname === "/" && locale === defaultLocale ? `/?${LOCALE_CHOICE_PARAM}=${locale}` : pathname;
  return (
    <Link
      href={href}
      locale={locale}
      hrefLang={locale}
      lang={locale}
      // Pressed before a cached page hydrated, its loader follows it only once this handler can remember the choice.
      data-hydrate-first=""
      onClick={(event) => {
        rememberLocale(locale);
        onClick?.(event);
      }}
      {...link}
    />
  );
}

/** The toggle's texts, in the page's language: the other language's short name and its tooltip. */
export interface LanguageToggleTexts {
  switchTo: string;
  switchToLabel: string;
}

/** Switches to the other language on the same page. */
export function LanguageToggle({
  texts,
  className,
  onNavigate,
}: {
  texts: LanguageToggleTexts;
  className?: string;
  onNavigate?: () => void;
}) {
  const other: Locale = useLocale() === "es" ? "en" : "es";
  return (
    <LocaleLink
      locale={other}
      onClick={onNavigate}
      title={texts.switchToLabel}
      data-testid="language-toggle"
      className={cn("lang-toggle", className)}
    >
      {texts.switchTo}
    </LocaleLink>
  );
}

/** Footer variant: both languages as buttons, the current one marked. */
export function LanguageButtons({ texts }: { texts: { languages: string; spanish: string; english: string } }) {
  const locale = useLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of links, not form controls
    <div className="flex gap-2" role="group" aria-label={texts.languages}>
      {(["es", "en"] as const).map((l) => (
        <LocaleLink
          key={l}
          locale={l}
          aria-current={l === locale ? "true" : undefined}
          className={l === locale ? "lang-on" : "lang-off"}
        >
          {l === "es" ? texts.spanish : texts.english}
        </LocaleLink>
      ))}
    </div>
  );
}
