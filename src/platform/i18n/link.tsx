"use client";

import { usePathname as useNextPathname, useParams } from "next/navigation";
import { defaultLocale, isLocale, type Locale, unlocalizedPath } from "./locales.ts";
import { type LinkProps, LocalizedAnchor } from "./localized-anchor.tsx";

/**
 * Locale-aware navigation for the public pages' client islands, on Next's own router only: the page's language
 * is the `[locale]` segment of the route. next-intl's Link and hooks need its client provider and runtime
 * (use-intl, intl-messageformat) on every page; these need nothing beyond Next.
 */
export function useLocale(): Locale {
  const locale = useParams()?.locale;
  return isLocale(locale) ? locale : defaultLocale;
}

/** The current page's path without its language prefix ("/en/noticias" → "/noticias"). */
export function usePathname(): string {
  return unlocalizedPath(useNextPathname() ?? "/");
}

/** A link in the page's language, or in `locale`, for client islands (server components use server-link.tsx's). */
export function Link({ locale, ...props }: LinkProps) {
  const current = useLocale();
  return <LocalizedAnchor locale={locale ?? current} {...props} />;
}
