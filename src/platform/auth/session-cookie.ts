import { authUrl } from "~/platform/env/live.ts";
import { SESSION_COOKIES } from "./cookie-names.js";
import { SESSION_ABSOLUTE_SECONDS } from "./sessions.ts";

/**
 * next-auth's rule, so both agree on the cookie: Secure (and `__Secure-` prefixed) when the site is served
 * over HTTPS, which NEXTAUTH_URL declares.
 */
export const secureCookiesEnabled = () => authUrl()?.startsWith("https://") ?? false;

const sessionCookieName = (secure = secureCookiesEnabled()) =>
  secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";

function serialize(name: string, value: string, maxAge: number, secure: boolean) {
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${name}=${value}; Path=/; Expires=${expires}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value carrying a session token (src/platform/auth/sessions.ts), as next-auth names it. */
export function sessionSetCookie(token: string): string {
  const secure = secureCookiesEnabled();
  return serialize(sessionCookieName(secure), token, SESSION_ABSOLUTE_SECONDS, secure);
}

/** Set-Cookie values that remove the session cookie under both names (HTTP and HTTPS deployments). */
export function clearedSessionCookies(): string[] {
  return [serialize(sessionCookieName(false), "", 0, false), serialize(sessionCookieName(true), "", 0, true)];
}

/** The session token a request carries, if any. */
export function sessionTokenFromHeaders(headers: Headers): string | undefined {
  const cookie = headers.get("cookie");
  if (!cookie) return undefined;
  for (const name of SESSION_COOKIES) {
    for (const part of cookie.split(";")) {
      const i = part.indexOf("=");
      if (i > 0 && part.slice(0, i).trim() === name) {
        const value = part.slice(i + 1).trim();
        if (value) return value;
      }
    }
  }
  return undefined;
}
