import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing.ts";

// Locale negotiation: /en/... is English, everything else Spanish; the NEXT_LOCALE cookie remembers a choice.
export default createMiddleware(routing);

export const config = {
  // Everything except API routes, Next internals and files with an extension (sitemap.xml, robots.txt, …).
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};
