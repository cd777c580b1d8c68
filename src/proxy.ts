import { type NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { isDevelopment } from "~/platform/env/live.ts";
import { filteredNewsRoute } from "./features/articles/index.ts";
import { movedArticlePath, notFoundKind } from "./features/seo/index.ts";
import { hreflangLinkHeader } from "./platform/http/page-metadata.ts";
import { rememberedLocaleRedirect } from "./platform/i18n/remembered-locale.ts";
import { routing } from "./platform/i18n/routing.ts";
import { csrfRejection, jsonRequired } from "./platform/security/csrf.ts";
import { API_CSP, cachedPageFrameCsp, DOCS_CSP, pageCsp } from "./platform/security/headers.js";
import {
  PUBLIC_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_VARY,
  rendersPerRequest,
  sharedCacheable,
} from "./platform/security/shared-cache.ts";

const handleI18nRouting = createMiddleware(routing);

function isHttps(request: NextRequest) {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (proto ?? request.nextUrl.protocol.replace(":", "")) === "https";
}

/** A path like /noticias/%ZZ cannot be decoded: the page would fail decoding its parameters (500). */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const malformedPathResponse = () =>
  new NextResponse("Bad Request: malformed percent-encoding in the path", {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

const apiError = (status: number, error: string, code: string) =>
  NextResponse.json({ error, code }, { status, headers: { "cache-control": "no-store" } });

/**
 * What the API refuses before any route runs: a path that cannot be percent-decoded (Next's router would
 * answer a bare 500), a request the CSRF rule refuses (src/platform/security/csrf.ts), and sign-in without JSON.
 */
function apiRefusal(request: NextRequest): NextResponse | null {
  if (malformedPath(request.nextUrl.pathname))
    return apiError(400, "Bad Request: malformed percent-encoding in the path", "BAD_REQUEST");
  const reason = csrfRejection(request);
  if (reason) return apiError(403, `Forbidden: ${reason}`, "FORBIDDEN");
  if (jsonRequired(request))
    return apiError(415, "Unsupported Media Type: send application/json", "UNSUPPORTED_MEDIA_TYPE");
  return null;
}

/** API routes: the refusals above, and a no-script CSP on whatever they return. */
function api(request: NextRequest) {
  const response = apiRefusal(request) ?? NextResponse.next();
  const docs = request.nextUrl.pathname === "/api/docs" || request.nextUrl.pathname.startsWith("/api/docs/");
  response.headers.set("Content-Security-Policy", docs ? DOCS_CSP : API_CSP);
  return response;
}

/**
 * A page rendered per request gets a fresh nonce, which Next reads from the request's CSP header and puts on
 * its scripts. A page served from Next's cache carries its own script-hash policy, stored with its HTML
 * (src/platform/cache/page-cache-handler.mjs); this one, enforced alongside it, sets every other directive
 * and leaves scripts to it (docs/reader-cache.md).
 */
function pagePolicy(request: NextRequest, perRequest: boolean): { policy: string; nonce?: string } {
  const opts = { dev: isDevelopment(), https: isHttps(request) };
  if (perRequest || isDevelopment()) {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    return { policy: pageCsp({ nonce, ...opts }), nonce };
  }
  return { policy: cachedPageFrameCsp(opts) };
}

/**
 * Pages: locale routing (/en/... is English, everything else Spanish, whatever Accept-Language the request
 * carries; only the bare root follows the reader's remembered choice, docs/product.md §4), the hreflang Link header, plus a fresh CSP nonce per
 * request. Next reads the nonce from the request's CSP header and puts it on its
 * own scripts (pages render per request for this; see src/app/layout.tsx).
 */
async function page(request: NextRequest) {
  if (malformedPath(request.nextUrl.pathname)) return malformedPathResponse();
  const remembered = rememberedLocaleRedirect({
    method: request.method,
    url: request.url,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  if (remembered)
    return NextResponse.redirect(remembered, {
      status: 307,
      // Depends on the cookie: a shared cache keys `/` by it (bench/nginx.conf.template) or must not store it.
      headers: { "cache-control": "private, no-store", vary: "Cookie" },
    });
  // /noticias with filters in its query renders per request on a route of its own; without, it is cached.
  const filtered = filteredNewsRoute(request.nextUrl.pathname, request.nextUrl.searchParams);
  let csp = pagePolicy(request, rendersPerRequest(request.nextUrl.pathname) || filtered !== null);
  request.headers.delete("accept-language");
  // next-intl copies these request headers into the rewrite/next response it builds.
  if (csp.nonce) {
    request.headers.set("x-nonce", csp.nonce);
    request.headers.set("Content-Security-Policy", csp.policy);
  }
  let response = handleI18nRouting(request);
  // A former article slug (repaired since): 301 to the article's page under its current slug.
  const moved = response.headers.has("location") ? null : await movedArticlePath(request.nextUrl.pathname);
  if (moved) return NextResponse.redirect(new URL(moved, request.url), 301);
  // Unknown paths and slugs: the site's 404 page, rendered on the server, with status 404.
  const missing = response.headers.has("location") ? null : await notFoundKind(request.nextUrl.pathname);
  if (missing) {
    const target = new URL(`/${missing.locale}/404/${missing.kind}`, request.url);
    // The 404 pages render per request: they get a nonce.
    if (!csp.nonce) {
      csp = pagePolicy(request, true);
      request.headers.set("x-nonce", csp.nonce ?? "");
      request.headers.set("Content-Security-Policy", csp.policy);
    }
    request.headers.set("X-NEXT-INTL-LOCALE", missing.locale); // what next-intl's own rewrite would pass on
    response = NextResponse.rewrite(target, { status: 404, request: { headers: request.headers } });
  } else if (filtered && !response.headers.has("location")) {
    request.headers.set("X-NEXT-INTL-LOCALE", filtered.locale);
    const target = new URL(`${filtered.path}${request.nextUrl.search}`, request.url);
    response = NextResponse.rewrite(target, { request: { headers: request.headers } });
  }
  response.headers.set("Content-Security-Policy", csp.policy);
  // A page that exists has hreflang alternates; a 404 or a redirect has none.
  if (!missing && !response.headers.has("location"))
    response.headers.set("Link", hreflangLinkHeader(request.nextUrl.pathname));
  // Next marks per-request pages `private, no-store`; anonymous public pages may sit in a shared cache
  // (bench/nginx.conf.template), HTML and CSP header (same nonce) together.
  const cacheable = sharedCacheable({
    method: request.method,
    pathname: request.nextUrl.pathname,
    hasCookie: (name) => request.cookies.has(name),
  });
  if (cacheable && !response.headers.has("location")) {
    response.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    response.headers.set("Vary", PUBLIC_PAGE_VARY);
  } else if (!response.headers.has("location")) {
    // A page from Next's cache would carry Next's own s-maxage: a signed-in visitor's response stays private.
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
}

/** The paths of the matcher's second entry: neither Next's internals nor files with an extension. */
const PAGE_PATH = /^\/(?!api|_next|_vercel|.*\..*)/;

export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/")) return api(request);
  // Files and Next's own assets come here only when their path holds a "%" (the matcher's last entry): one
  // that cannot be decoded would make Next's router answer a bare 500.
  if (!pathname.startsWith("/api") && !PAGE_PATH.test(pathname))
    return malformedPath(pathname) ? malformedPathResponse() : NextResponse.next();
  return page(request);
}

export const config = {
  // /api, then everything except Next internals and files with an extension (sitemap.xml, robots.txt, …),
  // then any path with a percent-escape, so an undecodable one never reaches Next's router.
  matcher: ["/api/:path*", "/((?!api|_next|_vercel|.*\\..*).*)", "/(.*%.*)"],
};
