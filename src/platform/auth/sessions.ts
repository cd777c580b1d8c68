import { createHash, randomBytes } from "node:crypto";
import type { DbClient } from "~/platform/db/client.ts";
import type { SessionUser } from "./session.ts";

/**
 * The site's one session store: a random token in next-auth's session cookie, a row in `sessions` keyed by
 * the token's SHA-256. next-auth's own routes (src/server/auth-options.ts) and every API call read it through
 * `resolveSession`, so deleting a row ends that session everywhere at once.
 */
/** A session ends after this long without a request… */
export const SESSION_IDLE_SECONDS = 60 * 60 * 12;
/** …and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 7;
// last_seen_at is written at most this often, so reads stay reads.
const TOUCH_AFTER_MS = 60_000;

const tokenId = (token: string) => createHash("sha256").update(token).digest("hex");

interface ResolvedSession {
  user: SessionUser;
  /** When the session ends if unused (idle timeout, capped by the absolute one). */
  expires: Date;
}

/** Starts a session for `userId`; returns the token the cookie carries (never stored). */
export async function createSession(db: DbClient, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.session.create({ data: { id: tokenId(token), user_id: userId } });
  return token;
}

/** The live session of `token`, or null (unknown, revoked, idle too long or too old: then it is deleted). */
export async function resolveSession(db: DbClient, token: string): Promise<ResolvedSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = tokenId(token);
  const row = await db.session.findUnique({
    where: { id },
    select: {
      created_at: true,
      last_seen_at: true,
      user: { select: { id: true, username: true, email: true, role: true } },
    },
  });
  if (!row) return null;
  const now = Date.now();
  const absoluteEnd = row.created_at.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
  if (now - row.last_seen_at.getTime() > SESSION_IDLE_SECONDS * 1000 || now > absoluteEnd) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  if (now - row.last_seen_at.getTime() > TOUCH_AFTER_MS)
    await db.session.updateMany({ where: { id }, data: { last_seen_at: new Date(now) } });
  return { user: row.user, expires: new Date(Math.min(now + SESSION_IDLE_SECONDS * 1000, absoluteEnd)) };
}

/** Ends the session of `token` (logout). */
export async function revokeSession(db: DbClient, token: string): Promise<void> {
  await db.session.deleteMany({ where: { id: tokenId(token) } });
}

/** What a session write needs: the client or an open transaction of it. */
type SessionWriter = Pick<DbClient, "session">;

/** Ends every session of a user (password change, demotion): each browser must sign in again. */
export function revokeUserSessions(db: SessionWriter, userId: string) {
  return db.session.deleteMany({ where: { user_id: userId } });
}
