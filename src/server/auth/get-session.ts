import { decode } from "next-auth/jwt";
import type { Role } from "~/generated/prisma/enums.ts";
import type { AppSession } from "./session.ts";

/** next-auth's session cookie names (the `__Secure-` one is used over HTTPS). */
export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/**
 * The signed-in user of a request, from next-auth's encrypted JWT cookie (no next/headers, so the same code
 * serves tRPC, the REST adapter, route handlers and tests). Tampered or expired tokens give null.
 */
export async function getSessionFromHeaders(headers: Headers): Promise<AppSession | null> {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) return null;
  const cookie = headers.get("cookie");
  const token = SESSION_COOKIES.map((n) => readCookie(cookie, n)).find(Boolean);
  if (!token) return null;
  try {
    const jwt = await decode({ token, secret });
    if (!jwt?.sub || (typeof jwt.exp === "number" && jwt.exp * 1000 < Date.now())) return null;
    return {
      user: {
        id: jwt.sub,
        username: String(jwt.username ?? ""),
        email: String(jwt.email ?? ""),
        role: (jwt.role as Role | undefined) === "admin" ? "admin" : "user",
      },
    };
  } catch {
    return null;
  }
}

/** For server components: the session of the current request. */
export async function getSession(): Promise<AppSession | null> {
  const { headers } = await import("next/headers");
  return getSessionFromHeaders(new Headers(await headers()));
}
