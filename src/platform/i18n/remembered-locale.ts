import { isLocale, LOCALE_COOKIE, type Locale, routing } from "./routing.ts";

/**
 * Where a visit to the site's root goes when the reader chose a language with the toggle (docs/product.md §4: the
 * language is loaded from storage at start). Only the bare root follows the remembered choice: any deep link
 * keeps the language its URL names, and a visitor who never chose (no cookie, e.g. a crawler) gets the
 * Spanish root. Returns the URL to redirect to, or null to serve the path as it is.
 */
export function rememberedLocaleRedirect(request: {
  method: string;
  url: string;
  cookie(name: string): string | undefined;
}): URL | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.pathname !== "/") return null;
  const chosen = request.cookie(LOCALE_COOKIE.name);
  if (!isLocale(chosen) || chosen === routing.defaultLocale) return null;
  return new URL(`/${chosen satisfies Locale}${url.search}`, url);
}
