import { isLocale, LOCALE_CHOICE_PARAM, LOCALE_COOKIE, type Locale, routing } from "./routing.ts";

/** Where the root sends a visit, and the choice to remember on the way when the visit made one. */
export interface RootRedirect {
  url: URL;
  remember?: Locale;
}

/**
 * Where a visit to the site's root goes when the reader chose a language with the toggle (docs/product.md §4: the
 * language is loaded from storage at start). Only the bare root follows the remembered choice: any deep link
 * keeps the language its URL names, and a visitor who never chose (no cookie, e.g. a crawler) gets the
 * Spanish root. A choice in the query (`/?idioma=es`: the toggle's link, which works before the page hydrates,
 * when its click handler cannot write the cookie yet) wins over the remembered one and is remembered in its
 * place. The parameter leaves the URL whatever its value: one that names no language is dropped as well, so
 * the root is never rendered through the proxy. Returns null to serve the path as it is.
 */
export function rememberedLocaleRedirect(request: {
  method: string;
  url: string;
  cookie(name: string): string | undefined;
}): RootRedirect | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url);
  if (url.pathname !== "/") return null;
  const asked = url.searchParams.get(LOCALE_CHOICE_PARAM);
  url.searchParams.delete(LOCALE_CHOICE_PARAM);
  const root = (locale: Locale) =>
    new URL(`${locale === routing.defaultLocale ? "/" : `/${locale}`}${url.search}`, url);
  if (isLocale(asked)) return { url: root(asked), remember: asked };
  const chosen = request.cookie(LOCALE_COOKIE.name);
  const locale = isLocale(chosen) ? chosen : routing.defaultLocale;
  if (locale === routing.defaultLocale && asked === null) return null;
  return { url: root(locale) };
}
