"use client";

import NextLink from "next/link";
import { usePathname as useNextPathname, useParams } from "next/navigation";
import type { ComponentProps } from "react";
import { defaultLocale, isLocale, type Locale, localizedPath, unlocalizedPath } from "./locales.ts";

/**
 * Locale-aware navigation for the public pages, on Next's own router only: the page's language is the
 * `[locale]` segment of the route. next-intl's Link and hooks need its client provider and runtime
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

/** next/link with `href` a site path ("/noticias"), written in the page's language or in `locale`. */
export function Link({
  href,
  locale,
  ...props
}: Omit<ComponentProps<typeof NextLink>, "href" | "locale"> & { href: string; locale?: Locale }) {
  const current = useLocale();
  return <NextLink href={localizedPath(href, locale ?? current)} {...props} />;
}
