import { type NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { isDevelopment } from "~/platform/env/live.ts";
import { hreflangLinkHeader } from "~/platform/http/page-metadata.ts";
import { rememberedLocaleRedirect } from "~/platform/i18n/remembered-locale.ts";
import { LOCALE_COOKIE, type Locale, routing } from "~/platform/i18n/routing.ts";
import { PRIVATE_CACHE_CONTROL } from "./cache-headers.js";
import { pageCsp } from "./security-headers.js";

/**
 * What the proxy asks the features about a page path, handed in by src/proxy.ts (the platform imports no
 * feature): where /noticias with filters in its query is rendered (articles), and which 404 an unknown path
 * or slug gets (seo).
 */
export interface PageLookups {
  filteredNewsRoute(pathname: string, query: URLSearchParams): { locale: Locale; path: string } | null;
  notFoundKind(pathname: string): Promise<{ locale: Locale; kind: string } | null>;
}

const handleI18nRouting = createMiddleware(routing);

function isHttps(request: NextRequest) {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (proto ?? request.nextUrl.protocol.replace(":", "")) === "https";
}

/**
 * A page rendered per request gets a fresh nonce, which Next reads from the request's CSP header and puts on
 * its scripts: the only reason pages still come here. Every other page is served from Next's cache with the
 * script-hash policy stored with its HTML (page-cache-handler.mjs, docs/reader-cache.md).
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
export async function pageRequest(request: NextRequest, lookups: PageLookups) {
  const remembered = rememberedLocaleRedirect({
    method: request.method,
    url: request.url,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  if (remembered) {
    const response = NextResponse.redirect(remembered.url, {
      status: 307,
      // Depends on the cookie: a shared cache keys `/` by it (bench/nginx.conf.template) or must not store it.
      headers: { "cache-control": PRIVATE_CACHE_CONTROL, vary: "Cookie" },
    });
    if (remembered.remember) {
      const { name, ...attributes } = LOCALE_COOKIE;
      response.cookies.set(name, remembered.remember, attributes);
    }
    return response;
  }
  // /noticias with filters in its query renders per request on a route of its own; without, it is cached.
  const filtered = lookups.filteredNewsRoute(request.nextUrl.pathname, request.nextUrl.searchParams);
  const csp = nonceCsp(request);
  request.headers.delete("accept-language");
  // next-intl copies these request headers into the rewrite/next response it builds.
  request.headers.set("x-nonce", csp.nonce);
  request.headers.set("Content-Security-Policy", csp.policy);
  let response = handleI18nRouting(request);
  const redirected = response.headers.has("location");
  // Unknown paths and slugs: the site's 404 page, rendered on the server, with status 404.
  const missing = redirected ? null : await lookups.notFoundKind(request.nextUrl.pathname);
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
