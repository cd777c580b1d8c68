import { defineRouting } from "next-intl/routing";

export const locales = ["es", "en"] as const;
export type Locale = (typeof locales)[number];
const defaultLocale: Locale = "es";

export const routing = defineRouting({
  locales,
  defaultLocale,
  // Spanish has no prefix; English lives under /en. The URL decides the language, never Accept-Language. The
  // toggle remembers an explicit choice itself (LOCALE_COOKIE); only the bare root follows it (the proxy,
  // remembered-locale.ts).
  localePrefix: "as-needed",
  localeDetection: false,
  localeCookie: false,
  // The proxy writes the hreflang Link header from SITE_URL (next-intl's would use the request's host).
  alternateLinks: false,
});

/** The reader's explicit language choice, written by the language toggle; only `/` redirects on it. */
export const LOCALE_COOKIE = { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365 } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
