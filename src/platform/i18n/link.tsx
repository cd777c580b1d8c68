"use client";

import { usePathname as useNextPathname, useParams } from "next/navigation";
import type { ComponentProps } from "react";
import { defaultLocale, isLocale, type Locale, localizedPath, unlocalizedPath } from "./locales.ts";

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

/**
 * A link to a site path ("/noticias") in the page's language, or in `locale`. A plain anchor, not next/link:
 * reader pages are whole cached documents, so a click loads the next one as it is stored, and no page carries
 * the client router's link code (server components use server-link.tsx, the same anchor).
 */
export function Link({
  href,
  locale,
  ...props
}: Omit<ComponentProps<"a">, "href"> & { href: string; locale?: Locale }) {
  const current = useLocale();
  return <a href={localizedPath(href, locale ?? current)} {...props} />;
}
