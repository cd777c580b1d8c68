/**
 * The URL's language, as next.config rules rather than code on each request: Spanish has no prefix and is
 * served from the app's /es routes, English lives under /en, and /es/… redirects to the unprefixed URL
 * (next-intl's "as-needed" prefix, which the proxy once applied to every request). The URL alone decides the
 * language; only the bare root follows the reader's remembered choice, which needs the proxy (a cookie).
 * Plain JavaScript: next.config.mjs loads it.
 */

/**
 * A path that is not a Spanish page: /en, /es, /api, the fediverse's /ap (docs/fediverse.md), Next's own files,
 * files with an extension.
 */
const NOT_SPANISH_PAGE = "(?:en|es|api|ap)(?:/|$)|_next/|_vercel/|.*\\..*";

/** `beforeFiles`: before Next matches `[locale]` against the first segment (/noticias is no language). */
export function localeRewrites() {
  return [
    { source: "/", destination: "/es" },
    { source: `/:path((?!${NOT_SPANISH_PAGE}).+)`, destination: "/es/:path" },
  ];
}

/** The Spanish pages' prefixed form is not a URL of theirs: it sends the reader to the unprefixed one. */
export function localeRedirects() {
  return [
    { source: "/es", destination: "/", permanent: false },
    { source: "/es/:path*", destination: "/:path*", permanent: false },
  ];
}
