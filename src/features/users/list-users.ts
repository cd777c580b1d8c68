import type { DbClient } from "~/platform/db/client.ts";

export function listUsers(db: DbClient) {
  return db.user.findMany({
    orderBy: { created_at: "asc" },
    select: { id: true, username: true, email: true, role: true, created_at: true },
  });
}

/** The admins by username: who an article's byline may be assigned to. */
export function listAdmins(db: DbClient) {
  return db.user.findMany({
    where: { role: "admin" },
    select: { id: true, username: true },
    orderBy: { username: "asc" },
  });
}
