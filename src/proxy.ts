import { filteredNewsRoute } from "./features/articles/index.ts";
import { notFoundKind } from "./features/seo/index.ts";
import { createProxy } from "./platform/request-edge/proxy-dispatch.ts";

/**
 * Where Next finds the proxy: its parts live in src/platform/request-edge/ (README.md there follows a request
 * through them); this file wires in the two features they ask about a page path and holds the matcher.
 */

/** The matcher's per-request pages (its third entry, which tests/unit/proxy-matcher.test.ts holds to this). */
export const PER_REQUEST_PAGE =
  /^\/(?:en\/|es\/)?(?:admin|login|register|password|buscar|unsubscribe|newsletter\/[^/]+|noticias\/[^/]+\/fuentes|noticias-filtradas|404)(?:\/.*)?$/;

const proxy = createProxy({ filteredNewsRoute, notFoundKind, perRequestPage: PER_REQUEST_PAGE });
export default proxy;

/**
 * Only the requests that need code (Next 16 runs the proxy for nothing else): /api; the bare root when the
 * language cookie names English or its query names a language (LOCALE_CHOICE_PARAM, the toggle's link); the
 * pages rendered per request (`dynamic = "force-dynamic"`, held to this list by tests/unit/proxy-matcher.test.ts)
 * and /noticias with a filter in its query (filteredNewsRoute), which need a fresh nonce; the routes only its
 * rewrites may reach (/noticias-filtradas, /404/…), asked for by their own path; and any path with a
 * percent-escape, so an undecodable one never reaches Next's router. Reader pages (home, lists, items, editorial
 * pages) are served from Next's cache without it: next.config.mjs rewrites their language and sets their
 * headers, and the item pages redirect former slugs and answer unknown ones with 404.
 * Literal values only: Next reads this object from the source at build.
 */
export const config = {
  matcher: [
    "/api/:path*",
    { source: "/", has: [{ type: "cookie", key: "NEXT_LOCALE", value: "en" }] },
    { source: "/", has: [{ type: "query", key: "idioma" }] },
    "/((?:en/|es/)?(?:admin|login|register|password|buscar|unsubscribe|newsletter/[^/]+|noticias/[^/]+/fuentes|noticias-filtradas|404)(?:/.*)?)",
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "tema" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "tipo" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "etiquetas" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "fecha" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "orden" }] },
    "/(.*%.*)",
  ],
};
