import { SESSION_COOKIES } from "~/platform/auth/cookie-names.ts";
import { authUrl, siteUrlSetting } from "~/platform/env/live.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function configuredOrigins(): string[] {
  return [authUrl(), siteUrlSetting()].flatMap((u) => {
    try {
      return u ? [new URL(u).origin] : [];
    } catch {
      return [];
    }
  });
}

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request that carries our session cookie
 * must come from our own origin. Browsers always send Origin (or Sec-Fetch-Site) on such requests; clients
 * without either are not browsers, so no ambient cookie is being abused. Returns the reason to refuse, or null.
 */
export function csrfRejection(req: { method: string; headers: Headers; url?: string }): string | null {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return null;
  const cookie = req.headers.get("cookie") ?? "";
  if (!SESSION_COOKIES.some((name) => cookie.includes(`${name}=`))) return null;

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
  if (site === "cross-site" || site === "same-site") return `cross-site request (${site})`;
  return null;
}
