import { SESSION_COOKIES } from "~/platform/auth/cookie-names.js";
import { authUrl, siteUrlSetting } from "~/platform/env/live.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The tRPC procedures that start a session (their REST twins live under /api/auth/). */
const SESSION_STARTING_PROCEDURES = new Set(["auth.login", "auth.register"]);
/** The spec's REST sign-in and sign-up, which take JSON. */
const JSON_SIGN_IN_PATHS = new Set(["/api/auth/login", "/api/auth/register"]);

function configuredOrigins(): string[] {
  return [authUrl(), siteUrlSetting()].flatMap((u) => {
    try {
      return u ? [new URL(u).origin] : [];
    } catch {
      return [];
    }
  });
}

/** The path as the router will see it: decoded, repeated slashes collapsed ("" when it cannot be decoded). */
function routedPath(url: string | undefined): string {
  if (!url) return "";
  try {
    return decodeURIComponent(new URL(url, "http://x").pathname).replace(/\/{2,}/g, "/");
  } catch {
    return "";
  }
}

function trpcProcedures(path: string): string[] {
  return path.startsWith("/api/trpc/") ? path.slice("/api/trpc/".length).split(",") : [];
}

/**
 * The auth endpoints: everything under /api/auth/ (the spec's login, register and logout, next-auth's own
 * callback/credentials, signin and signout) and the tRPC sign-in and sign-up, alone or in a batch.
 */
function startsSession(path: string): boolean {
  return path.startsWith("/api/auth/") || trpcProcedures(path).some((p) => SESSION_STARTING_PROCEDURES.has(p));
}

/**
 * CSRF defence, the one rule for the whole API. A state-changing request must come from the site itself when
 * it carries our session cookie (it could abuse the visitor's session) or when it signs in or up (it could
 * sign the visitor into someone else's account: login CSRF, which a page on another port of the same host
 * can do, as cookies ignore ports and SameSite only stops other sites). "From the site" means an Origin of
 * our own host or configured origin; without Origin, a Sec-Fetch-Site other than `same-origin` is refused.
 * A request with neither header is not a browser's (browsers send Origin on every POST), so no visitor's
 * cookie jar is involved. Returns the reason to refuse, or null.
 */
export function csrfRejection(req: { method: string; headers: Headers; url?: string }): string | null {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return null;
  const cookie = req.headers.get("cookie") ?? "";
  const hasSession = SESSION_COOKIES.some((name) => cookie.includes(`${name}=`));
  if (!hasSession && !startsSession(routedPath(req.url))) return null;

  const origin = req.headers.get("origin");
  if (origin) {
    if (origin === "null") return "opaque origin";
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return "malformed Origin";
    }
    const ownHost =
      req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ||
      req.headers.get("host") ||
      (req.url ? new URL(req.url).host : null);
    if (host === ownHost || configuredOrigins().includes(origin)) return null;
    return `cross-origin request from ${origin}`;
  }
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return `cross-origin request (Sec-Fetch-Site: ${site})`;
  return null;
}

/**
 * Sign-in and sign-up that take JSON (the REST calls and their tRPC procedures) accept nothing else: a body
 * sent as text/plain or a form is what a page on another origin can send without asking first.
 */
export function jsonRequired(req: { method: string; headers: Headers; url?: string }): boolean {
  if (req.method.toUpperCase() !== "POST") return false;
  const path = routedPath(req.url);
  if (!JSON_SIGN_IN_PATHS.has(path) && !trpcProcedures(path).some((p) => SESSION_STARTING_PROCEDURES.has(p)))
    return false;
  return !/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "");
}
