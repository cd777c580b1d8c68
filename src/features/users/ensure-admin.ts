import { randomBytes } from "node:crypto";
import { hashPassword } from "~/platform/auth/password.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { setPassword } from "./change-password.ts";

export interface EnsureAdminResult {
  email: string;
  /** Only set when a password was generated now: it is shown once and never stored in clear. */
  generatedPassword?: string;
  created: boolean;
  /** An existing account got the given password (and lost its sessions). */
  passwordReset?: boolean;
}

/**
 * The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD when given (created, or promoted if the account exists),
 * otherwise — only when no admin exists yet — `admin@riesgos-ia.local` with a generated password.
 * `resetPassword` (the admin:create command) also gives an existing account the given password.
 */
export async function ensureAdmin(
  db: DbClient,
  opts: { email?: string; password?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult | null> {
  // Instances starting together race to create the same admin: the loser's insert does nothing (no error
  // logged) and its next round finds the winner's account.
  for (let attempt = 1; ; attempt++) {
    const result = await ensureAdminOnce(db, opts);
    if (result !== LOST_RACE) return result;
    if (attempt >= 3) throw new Error("the first admin's e-mail or username kept being taken by another instance");
  }
}

const LOST_RACE = Symbol("lost the race to create the admin");

/** Creates the account unless another instance just took its e-mail or username (ON CONFLICT DO NOTHING). */
async function insertAdmin(db: DbClient, data: { email: string; username: string; passwordHash: string }) {
  const { count } = await db.user.createMany({ data: [{ ...data, role: "admin" }], skipDuplicates: true });
  return count === 1;
}

async function ensureAdminOnce(
  db: DbClient,
  opts: { email?: string; password?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult | null | typeof LOST_RACE> {
  if (opts.email && opts.password) {
    const email = opts.email.toLowerCase();
    const existing = await db.user.findUnique({ where: { email } });
    if (existing) {
      if (existing.role !== "admin") await db.user.update({ where: { id: existing.id }, data: { role: "admin" } });
      if (!opts.resetPassword) return { email, created: false };
      await setPassword(db, { userId: existing.id, newPassword: opts.password });
      return { email, created: false, passwordReset: true };
    }
    const username = await freeUsername(db, email.split("@")[0] ?? "admin");
    const created = await insertAdmin(db, { email, username, passwordHash: await hashPassword(opts.password) });
    return created ? { email, created: true } : LOST_RACE;
  }
  if (await db.user.findFirst({ where: { role: "admin" }, select: { id: true } })) return null;
  const email = "admin@riesgos-ia.local";
  const generatedPassword = randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(generatedPassword);
  // An account with this e-mail that is not an admin becomes the admin, with the new password. The condition
  // is part of the update: an instance that created this admin after our check above keeps its password.
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    const { count } = await db.user.updateMany({
      where: { id: existing.id, role: { not: "admin" } },
      data: { passwordHash, role: "admin" },
    });
    if (count === 0) return LOST_RACE;
  } else if (!(await insertAdmin(db, { email, username: await freeUsername(db, "admin"), passwordHash })))
    return LOST_RACE;
  return { email, generatedPassword, created: true };
}

async function freeUsername(db: DbClient, wanted: string) {
  const base = wanted
    .replace(/[^a-zA-Z0-9_.-]/g, "")
    .slice(0, 28)
    .padEnd(3, "_");
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i}`;
    if (!(await db.user.findUnique({ where: { username: candidate }, select: { id: true } }))) return candidate;
  }
}
