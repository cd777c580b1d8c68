import type { Role } from "~/generated/prisma/enums.ts";
import { revokeUserSessions } from "~/platform/auth/sessions.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";

/**
 * Promotes or demotes a user. The admin rows are locked first, so two concurrent demotions cannot both see
 * "another admin remains" and leave the site without any admin.
 */
export async function setUserRole(db: DbClient, input: { userId: string; role: Role }) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE role = 'admin' FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, role: true } });
    if (!user) throw notFound("User");
    if (user.role === "admin" && input.role !== "admin") {
      const admins = await tx.user.count({ where: { role: "admin" } });
      if (admins <= 1)
        throw new AppError("CONFLICT", "The last admin cannot be demoted", {
          field: "userId",
          reason: "lastAdmin",
        });
    }
    // A demoted user's sessions end: the browsers that held admin rights must sign in again.
    if (user.role === "admin" && input.role !== "admin") await revokeUserSessions(tx, user.id);
    return tx.user.update({
      where: { id: user.id },
      data: { role: input.role },
      select: { id: true, username: true, email: true, role: true, created_at: true },
    });
  });
}
