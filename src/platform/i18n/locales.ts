/**
 * The site's languages and how a URL names them, with no library behind it: the browser's code (links, the
 * language toggle) reads this file, so what it imports ships on every page.
 */
export const locales = ["es", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "es";

/** The reader's explicit language choice, written by the language toggle; only `/` redirects on it. */
// Its attributes, for both writers: the toggle's click (document.cookie) and the proxy (a choice in the link).
export const LOCALE_COOKIE = { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365, path: "/", sameSite: "lax" } as const;
/**
 * The same choice carried by a link to the root (`/?idioma=es`), for a click the page's script has not hydrated
 * yet: the proxy remembers it and drops it from the URL (remembered-locale.ts). The proxy's matcher spells it too.
 */
export const LOCALE_CHOICE_PARAM = "idioma";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * A site path in `locale`: Spanish has no prefix, English lives under /en ("/" → "/en", "/noticias#x" →
 * "/en/noticias#x"). Anything that is not a site path (absolute URLs, "#anchor", "//host") stays as it is.
 */
export function localizedPath(href: string, locale: Locale): string {
  if (locale === defaultLocale || !href.startsWith("/") || href.startsWith("//")) return href;
  if (href === "/") return `/${locale}`;
  return /^\/[?#]/.test(href) ? `/${locale}${href.slice(1)}` : `/${locale}${href}`;
}

/** The site path without its language prefix ("/en/noticias" → "/noticias", "/en" → "/"). */
export function unlocalizedPath(pathname: string): string {
  // Spanish pages are served under /es inside the app (the proxy rewrites), which a server render may report.
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (!match || !isLocale(match[1])) return pathname;
  return pathname.slice(match[0].length) || "/";
}

/** A text of the catalog with its `{name}` placeholders filled (texts handed to client islands as props). */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A count in words by a catalog text of the form `{count, plural, =0 {…} one {# …} other {# …}}` (or a plain
 * text with `{count}`): the exact match first, then the language's plural rule, `#` as the formatted number.
 */
export function pluralText(message: string, count: number, locale: Locale): string {
  const plural = /^\{(\w+), plural,(.*)\}$/s.exec(message.trim());
  if (!plural) return fillText(message, { count });
  const options = new Map<string, string>();
  for (const option of (plural[2] ?? "").matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g))
    options.set(option[1] as string, option[2] as string);
  const chosen =
    options.get(`=${count}`) ?? options.get(new Intl.PluralRules(locale).select(count)) ?? options.get("other") ?? "";
  return chosen.replace(/#/g, new Intl.NumberFormat(locale).format(count));
}
