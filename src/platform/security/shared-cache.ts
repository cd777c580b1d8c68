import { SESSION_COOKIES } from "../auth/cookie-names.ts";

/**
 * How long a shared cache (nginx, a CDN) may keep an anonymous public page: one second. The app already
 * answers these pages from its own cache, expired at once on every write, so a shared cache in front is a
 * micro-cache: it takes a spike off Node (one request per page per second reaches the app; nginx's cache lock
 * makes the others wait for it) without making a publish any later than the app shows it.
 */
export const SHARED_CACHE_MAX_AGE = 1;
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_MAX_AGE}`;

/** Pages that depend on who asks or carry tokens in the URL: never in a shared cache. */
const PRIVATE_PAGE = /^\/(en\/)?(admin|login|register|unsubscribe|newsletter)(\/|$)/;

/**
 * What the response varies on besides the URL. Next's router headers: the proxy cannot see them (Next strips
 * them before it runs), so an RSC payload or Next's redirect of a bare `RSC: 1` request must be told apart
 * by the cache, never served to a reader. Cookie: the language cookie decides whether `/` redirects to `/en`.
 * Next replaces this header on the pages it renders (its router headers plus Accept-Encoding), so a shared
 * cache must also key pages on the NEXT_LOCALE cookie, as bench/nginx.conf.template does.
 */
export const PUBLIC_PAGE_VARY =
  "Cookie, RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch";

/**
 * Whether this page request may be answered from a shared cache: anonymous GET/HEAD of public pages only.
 * A signed-in visitor or a private path keeps Next's own `private, no-store`.
 */
export function sharedCacheable(request: { method: string; pathname: string; hasCookie(name: string): boolean }) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (SESSION_COOKIES.some((name) => request.hasCookie(name))) return false;
  return !PRIVATE_PAGE.test(request.pathname);
}

/**
 * Pages Next renders for each request: they read the session or a token (cookies, headers, searchParams) or
 * call connection(). Only these get a per-request nonce CSP from the proxy; every other page is rendered once
 * into Next's cache and carries the script-hash CSP stored with it (src/platform/cache/page-cache-handler.mjs).
 * Keep in step with the pages: a page listed here that Next caches would have its scripts blocked. A path alone
 * cannot tell one case: /noticias with filters in its query, which the proxy rewrites to a per-request route
 * and gives a nonce itself (filteredNewsRoute in src/features/articles/news-list.ts).
 */
const PER_REQUEST_PAGE =
  /^\/(?:(?:en|es)\/)?(?:admin|login|register|password|buscar|unsubscribe|newsletter\/[^/]+|noticias\/[^/]+\/fuentes)(?:\/|$)/;

export function rendersPerRequest(pathname: string): boolean {
  return PER_REQUEST_PAGE.test(pathname);
}
