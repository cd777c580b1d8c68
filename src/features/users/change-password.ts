import { hashPassword, verifyPassword } from "~/platform/auth/password.ts";
import { createSession, revokeUserSessions } from "~/platform/auth/sessions.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { enforceRateLimit, resetLimit } from "~/platform/security/rate-limit.ts";

/**
 * Sets a new password and ends every session of the user (a stolen cookie dies with the old password).
 * Used by a signed-in user, who must give the current password (counted like sign-in attempts), and by
 * `npm run admin:create` (no current password). Returns a fresh session token when `startSession` is set,
 * so the browser that made the change stays signed in.
 */
export async function setPassword(
  db: DbClient,
  input: { userId: string; newPassword: string; current?: { password: string; ip: string }; startSession?: boolean },
): Promise<{ sessionToken: string | null }> {
  const user = await db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, email: true, passwordHash: true },
  });
  if (!user) throw notFound("User");
  if (input.current) {
    const key = `${user.email}|${input.current.ip}`;
    await enforceRateLimit("login-account-ip", key);
    if (!(await verifyPassword(input.current.password, user.passwordHash)))
      throw new AppError("BAD_REQUEST", "currentPassword: is not correct", {
        field: "currentPassword",
        reason: "currentPasswordWrong",
      });
    await resetLimit("login-account-ip", key);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash } }),
    revokeUserSessions(db, user.id),
  ]);
  return { sessionToken: input.startSession ? await createSession(db, user.id) : null };
}
