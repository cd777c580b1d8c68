import { encode } from "next-auth/jwt";
import type { SessionUser } from "./session.ts";

/** Same lifetime as next-auth's session (src/server/auth/options.ts). */
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * next-auth's rule, so both agree on the cookie: Secure (and `__Secure-` prefixed) when the site is served
 * over HTTPS, which NEXTAUTH_URL declares.
 */
export const secureCookiesEnabled = () => process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;

export const sessionCookieName = (secure = secureCookiesEnabled()) =>
  secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";

function serialize(name: string, value: string, maxAge: number, secure: boolean) {
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${name}=${value}; Path=/; Expires=${expires}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * A Set-Cookie value holding next-auth's own encrypted JWT for `user`, so next-auth's /api/auth/session and
 * our getSessionFromHeaders both accept a sign-in done through POST /api/auth/login or /register.
 */
export async function sessionSetCookie(user: SessionUser): Promise<string> {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: sessions cannot be signed");
  const token = await encode({
    secret,
    maxAge: SESSION_MAX_AGE,
    token: { sub: user.id, name: user.username, email: user.email, username: user.username, role: user.role },
  });
  const secure = secureCookiesEnabled();
  return serialize(sessionCookieName(secure), token, SESSION_MAX_AGE, secure);
}

/** Set-Cookie values that remove the session cookie under both names (HTTP and HTTPS deployments). */
export function clearedSessionCookies(): string[] {
  return [serialize(sessionCookieName(false), "", 0, false), serialize(sessionCookieName(true), "", 0, true)];
}
