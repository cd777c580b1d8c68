import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { apiRequest, malformedPath, malformedPathResponse } from "./api-refusal.ts";
import { type PageLookups, pageRequest } from "./page-request.ts";

/**
 * The proxy's dispatch (src/proxy.ts wires it with the features' lookups and the matcher's per-request page
 * pattern): /api to apiRequest, a page path to pageRequest, and a path with a "%" that names neither on as if
 * the proxy had not seen it.
 */
export function createProxy(lookups: PageLookups & { perRequestPage: RegExp }) {
  /** Whether a request the matcher's percent-escape entry let in is one of the pages that need the proxy. */
  function needsPage(request: NextRequest): boolean {
    const { pathname, searchParams } = request.nextUrl;
    if (pathname === "/" || lookups.filteredNewsRoute(pathname, searchParams)) return true;
    return lookups.perRequestPage.test(decodeURIComponent(pathname));
  }

  return async function proxy(request: NextRequest) {
    const { pathname } = request.nextUrl;
    if (pathname.startsWith("/api/")) return apiRequest(request);
    // A path with a "%" comes here whatever it names (the matcher's last entry): one that cannot be decoded
    // would make Next's router answer a bare 500; any other goes on as if the proxy had not seen it.
    if (malformedPath(pathname)) return malformedPathResponse();
    if (pathname.includes("%") && !needsPage(request)) return NextResponse.next();
    return pageRequest(request, lookups);
  };
}
