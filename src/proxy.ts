import { type NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { isDevelopment } from "~/platform/env/live.ts";
import { filteredNewsRoute } from "./features/articles/index.ts";
import { notFoundKind } from "./features/seo/index.ts";
import { hreflangLinkHeader } from "./platform/http/page-metadata.ts";
import { rememberedLocaleRedirect } from "./platform/i18n/remembered-locale.ts";
import { routing } from "./platform/i18n/routing.ts";
import { csrfRejection, jsonRequired } from "./platform/security/csrf.ts";
import { API_CSP, DOCS_CSP, pageCsp } from "./platform/security/headers.js";
import { PRIVATE_CACHE_CONTROL } from "./platform/security/shared-cache.js";

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
 * its scripts: the only reason pages still come here. Every other page is served from Next's cache with the
 * script-hash policy stored with its HTML (src/platform/cache/page-cache-handler.mjs, docs/reader-cache.md).
 */
function nonceCsp(request: NextRequest): { policy: string; nonce: string } {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  return { policy: pageCsp({ nonce, dev: isDevelopment(), https: isHttps(request) }), nonce };
}

/**
 * The pages of the matcher: the bare root when the reader chose a language with the toggle (the remembered
 * choice, docs/product.md §4), and the pages rendered per request (a fresh nonce each time), with their
 * language (next-intl), their 404s and the hreflang Link header.
 */
async function page(request: NextRequest) {
  const remembered = rememberedLocaleRedirect({
    method: request.method,
    url: request.url,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  if (remembered)
    return NextResponse.redirect(remembered, {
      status: 307,
      // Depends on the cookie: a shared cache keys `/` by it (bench/nginx.conf.template) or must not store it.
      headers: { "cache-control": PRIVATE_CACHE_CONTROL, vary: "Cookie" },
    });
  // /noticias with filters in its query renders per request on a route of its own; without, it is cached.
  const filtered = filteredNewsRoute(request.nextUrl.pathname, request.nextUrl.searchParams);
  const csp = nonceCsp(request);
  request.headers.delete("accept-language");
  // next-intl copies these request headers into the rewrite/next response it builds.
  request.headers.set("x-nonce", csp.nonce);
  request.headers.set("Content-Security-Policy", csp.policy);
  let response = handleI18nRouting(request);
  const redirected = response.headers.has("location");
  // Unknown paths and slugs: the site's 404 page, rendered on the server, with status 404.
  const missing = redirected ? null : await notFoundKind(request.nextUrl.pathname);
  if (missing) {
    const target = new URL(`/${missing.locale}/404/${missing.kind}`, request.url);
    request.headers.set("X-NEXT-INTL-LOCALE", missing.locale); // what next-intl's own rewrite would pass on
    response = NextResponse.rewrite(target, { status: 404, request: { headers: request.headers } });
  } else if (filtered && !redirected) {
    request.headers.set("X-NEXT-INTL-LOCALE", filtered.locale);
    const target = new URL(`${filtered.path}${request.nextUrl.search}`, request.url);
    response = NextResponse.rewrite(target, { request: { headers: request.headers } });
  }
  response.headers.set("Content-Security-Policy", csp.policy);
  // A page that exists has hreflang alternates; a 404 or a redirect has none.
  if (!missing && !redirected) response.headers.set("Link", hreflangLinkHeader(request.nextUrl.pathname));
  // Cache-Control comes from next.config's rules (pageCacheRules), as on the pages that never come here.
  return response;
}

/** The matcher's per-request pages (its third entry, which tests/unit/proxy-matcher.test.ts holds to this). */
export const PER_REQUEST_PAGE =
  /^\/(?:en\/|es\/)?(?:admin|login|register|password|buscar|unsubscribe|newsletter\/[^/]+|noticias\/[^/]+\/fuentes|noticias-filtradas|404)(?:\/.*)?$/;

/** Whether a request the matcher's percent-escape entry let in is one of the pages that need the proxy. */
function needsPage(request: NextRequest): boolean {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/" || filteredNewsRoute(pathname, searchParams)) return true;
  return PER_REQUEST_PAGE.test(decodeURIComponent(pathname));
}

export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/")) return api(request);
  // A path with a "%" comes here whatever it names (the matcher's last entry): one that cannot be decoded
  // would make Next's router answer a bare 500; any other goes on as if the proxy had not seen it.
  if (malformedPath(pathname)) return malformedPathResponse();
  if (pathname.includes("%") && !needsPage(request)) return NextResponse.next();
  return page(request);
}

/**
 * Only the requests that need code (Next 16 runs the proxy for nothing else): /api; the bare root when the
 * language cookie names English; the pages rendered per request (`dynamic = "force-dynamic"`, held to this list
 * by tests/unit/proxy-matcher.test.ts) and /noticias with a filter in its query (filteredNewsRoute), which need a
 * fresh nonce; the routes only its rewrites may reach (/noticias-filtradas, /404/…), asked for by their own
 * path; and any path with a percent-escape, so an undecodable one never reaches Next's router. Reader pages
 * (home, lists, items, editorial pages) are served from Next's cache without it: next.config.mjs rewrites their
 * language and sets their headers, and the item pages redirect former slugs and answer unknown ones with 404.
 * Literal values only: Next reads this object from the source at build.
 */
export const config = {
  matcher: [
    "/api/:path*",
    { source: "/", has: [{ type: "cookie", key: "NEXT_LOCALE", value: "en" }] },
    "/((?:en/|es/)?(?:admin|login|register|password|buscar|unsubscribe|newsletter/[^/]+|noticias/[^/]+/fuentes|noticias-filtradas|404)(?:/.*)?)",
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "tema" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "tipo" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "etiquetas" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "fecha" }] },
    { source: "/((?:en/|es/)?noticias)", has: [{ type: "query", key: "orden" }] },
    "/(.*%.*)",
  ],
};
