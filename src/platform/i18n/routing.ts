import { defineRouting } from "next-intl/routing";
import { defaultLocale, locales } from "./locales.ts";

export { isLocale, LOCALE_CHOICE_PARAM, LOCALE_COOKIE, type Locale, locales } from "./locales.ts";

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
