import { db } from "~/platform/db/db.ts";
import type { AppSession } from "./session.ts";
import { sessionTokenFromHeaders } from "./session-cookie.ts";
import { resolveSession } from "./sessions.ts";

/**
 * The signed-in user of a request, from the session cookie and its row in PostgreSQL (no next/headers, so
 * the same code serves tRPC, the REST adapter, route handlers and tests). The user is read with the row, so
 * a demoted or deleted account loses its rights at once; a revoked or timed-out session gives null.
 */
export async function getSessionFromHeaders(headers: Headers): Promise<AppSession | null> {
  const token = sessionTokenFromHeaders(headers);
  if (!token) return null;
  const session = await resolveSession(db, token);
  return session ? { user: session.user } : null;
}

/** For server components: the session of the current request. */
export async function getSession(): Promise<AppSession | null> {
  const { headers } = await import("next/headers");
  return getSessionFromHeaders(new Headers(await headers()));
}
