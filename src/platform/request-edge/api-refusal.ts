import { type NextRequest, NextResponse } from "next/server";
import { csrfRejection, jsonRequired } from "./csrf.ts";
import { API_CSP, DOCS_CSP } from "./security-headers.js";

/** A path like /noticias/%ZZ cannot be decoded: the page would fail decoding its parameters (500). */
export function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The answer to a page path that cannot be decoded (Next's router would answer a bare 500). */
export const malformedPathResponse = () =>
  new NextResponse("Bad Request: malformed percent-encoding in the path", {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

const apiError = (status: number, error: string, code: string) =>
  NextResponse.json({ error, code }, { status, headers: { "cache-control": "no-store" } });

/**
 * What the API refuses before any route runs: a path that cannot be percent-decoded (Next's router would
 * answer a bare 500), a request the CSRF rule refuses (csrf.ts), and sign-in without JSON.
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
export function apiRequest(request: NextRequest) {
  const response = apiRefusal(request) ?? NextResponse.next();
  const docs = request.nextUrl.pathname === "/api/docs" || request.nextUrl.pathname.startsWith("/api/docs/");
  response.headers.set("Content-Security-Policy", docs ? DOCS_CSP : API_CSP);
  return response;
}
