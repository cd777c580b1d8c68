/**
 * The HTTP `Link` header of a page: the same hreflang alternates as its HTML (es, en and x-default → Spanish),
 * on the site's origin. Plain JavaScript: the cache handler, which Next loads unbundled, adds it to every page
 * it stores, and the proxy to the pages rendered per request.
 */

import { pagePathIn, spanishPagePath } from "../i18n/translated-paths.js";

/**
 * A URL as Next writes it into the HTML's <link> tags: the site's root is its bare origin (no trailing slash),
 * so the Link header and the HTML name the home page the same way.
 * @param {string} href
 */
function asHtmlWritesIt(href) {
  const url = new URL(href);
  return url.pathname === "/" && url.searchParams.size === 0 ? url.origin : url.href;
}

/**
 * @param {string} origin the site's origin (SITE_URL), without a trailing slash
 * @param {string} pathname the page's public path: Spanish unprefixed, English under /en
 */
export function hreflangLink(origin, pathname) {
  const inEnglish = pathname === "/en" || pathname.startsWith("/en/");
  const path = pathname === "/en" ? "/" : inEnglish ? pathname.slice(3) : pathname;
  // Translated pages (/correcciones ↔ /en/corrections) name each language's own path, as their HTML does.
  const spanishPath = spanishPagePath(inEnglish ? "en" : "es", path);
  const englishPath = pagePathIn("en", spanishPath);
  const clean = (/** @type {string} */ p) => (p === "/" ? "" : p);
  const spanish = asHtmlWritesIt(`${origin}${clean(spanishPath) || "/"}`);
  const english = asHtmlWritesIt(`${origin}/en${clean(englishPath)}`);
  const link = (/** @type {string} */ href, /** @type {string} */ lang) =>
    `<${href}>; rel="alternate"; hreflang="${lang}"`;
  return [link(spanish, "es"), link(english, "en"), link(spanish, "x-default")].join(", ");
}

/**
 * The public path of a page from the key Next stores it under (`/route-cache/APP_PAGE/<route hash>/$/es/x`:
 * its app path after `$`), or null for a key that is not a localised page.
 * @param {string} key
 */
export function publicPathOfCacheKey(key) {
  const match = /^(?:.*\/\$)?\/(es|en)(\/.*)?$/.exec(key);
  if (!match) return null;
  const rest = match[2] ?? "";
  return match[1] === "en" ? `/en${rest}` : rest || "/";
}
