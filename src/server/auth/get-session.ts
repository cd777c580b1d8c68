import { decode } from "next-auth/jwt";
import { db } from "~/server/db.ts";
import { SESSION_COOKIES } from "./cookie-names.ts";
import type { AppSession } from "./session.ts";

export { SESSION_COOKIES };

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
 * The user is re-read from the database, so a demoted or deleted account loses its rights at once instead
 * of when the 30-day token expires.
 */
export async function getSessionFromHeaders(headers: Headers): Promise<AppSession | null> {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) return null;
  const cookie = headers.get("cookie");
  const token = SESSION_COOKIES.map((n) => readCookie(cookie, n)).find(Boolean);
  if (!token) return null;
  const jwt = await decode({ token, secret }).catch(() => null);
  if (!jwt?.sub || (typeof jwt.exp === "number" && jwt.exp * 1000 < Date.now())) return null;
  const user = await db.user.findUnique({
    where: { id: jwt.sub },
    select: { id: true, username: true, email: true, role: true },
  });
  return user ? { user } : null;
}

/** For server components: the session of the current request. */
export async function getSession(): Promise<AppSession | null> {
  const { headers } = await import("next/headers");
  return getSessionFromHeaders(new Headers(await headers()));
}
