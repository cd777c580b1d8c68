import { SESSION_COOKIES } from "../auth/cookie-names.js";

/**
 * How long a shared cache (nginx, a CDN) may keep an anonymous public page: one second. The app already
 * answers these pages from its own cache, expired at once on every write, so a shared cache in front is a
 * micro-cache: it takes a spike off Node (one request per page per second reaches the app; nginx's cache lock
 * makes the others wait for it) without making a publish any later than the app shows it.
 */
export const SHARED_CACHE_MAX_AGE = 1;
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_MAX_AGE}`;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Pages that depend on who asks or carry tokens in the URL: never in a shared cache. */
const PRIVATE_SECTIONS = "admin|login|register|unsubscribe|newsletter";
const PRIVATE_PAGE = new RegExp(`^/(en/)?(${PRIVATE_SECTIONS})(/|$)`);

/**
 * What the response varies on besides the URL. Next's router headers: an RSC payload or Next's redirect of a
 * bare `RSC: 1` request must be told apart by the cache, never served to a reader. Cookie: the language cookie
 * decides whether `/` redirects to `/en`. Next replaces this header on the pages it renders (its router headers
 * plus Accept-Encoding), so a shared cache must also key pages on the NEXT_LOCALE cookie, as
 * bench/nginx.conf.template does.
 */
export const PUBLIC_PAGE_VARY =
  "Cookie, RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch";

/**
 * Whether this page request may be answered from a shared cache: anonymous GET/HEAD of public pages only.
 * A signed-in visitor or a private path keeps `private, no-store`.
 * @param {{ method: string; pathname: string; hasCookie(name: string): boolean }} request
 */
export function sharedCacheable(request) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (SESSION_COOKIES.some((name) => request.hasCookie(name))) return false;
  return !PRIVATE_PAGE.test(request.pathname);
}

/**
 * Page paths in next.config's `source` syntax: the root, and every path that is neither /api, Next's own files,
 * nor a file with an extension (what the proxy's matcher once took as pages).
 */
export const PAGE_SOURCES = ["/", "/:path((?!api(?:/|$)|_next/|_vercel/|.*\\..*).+)"];

/**
 * The same decision as sharedCacheable, as next.config `headers()` rules, so that every page carries it
 * without code per request (the proxy sees only the few pages it must): public for everyone, then private
 * for the private sections and for any request with a session cookie (a later rule's header replaces an
 * earlier one's). Next keeps a Cache-Control already set on the
 * response instead of its own s-maxage (send-payload.js). Rules cannot see the method: a POST answered by a
 * page (no page takes one) is never stored by a shared cache anyway.
 * @returns {{ source: string; has?: { type: "cookie"; key: string }[]; headers: { key: string; value: string }[] }[]}
 */
export function pageCacheRules() {
  const privately = [{ key: "Cache-Control", value: PRIVATE_CACHE_CONTROL }];
  const publicly = [
    { key: "Cache-Control", value: PUBLIC_PAGE_CACHE_CONTROL },
    { key: "Vary", value: PUBLIC_PAGE_VARY },
  ];
  return [
    ...PAGE_SOURCES.map((source) => ({ source, headers: publicly })),
    { source: `/:path((?:en/)?(?:${PRIVATE_SECTIONS})(?:/.*)?)`, headers: privately },
    ...PAGE_SOURCES.flatMap((source) =>
      SESSION_COOKIES.map((key) => ({
        source,
        has: [{ type: /** @type {const} */ ("cookie"), key }],
        headers: privately,
      })),
    ),
  ];
}
