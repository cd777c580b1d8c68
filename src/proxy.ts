import type { NextRequest } from "next/server";
import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing.ts";

const handleI18nRouting = createMiddleware(routing);

/**
 * Locale negotiation: /en/... is English, everything else Spanish; the NEXT_LOCALE cookie remembers an
 * explicit choice. The browser's Accept-Language is ignored on purpose: the site is Spanish-first (SPEC §4).
 */
export default function proxy(request: NextRequest) {
  request.headers.delete("accept-language");
  return handleI18nRouting(request);
}

export const config = {
  // Everything except API routes, Next internals and files with an extension (sitemap.xml, robots.txt, …).
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};
