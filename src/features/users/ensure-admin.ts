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
  // Instances starting together race to create the same admin: the loser finds the winner's row next time.
  for (let attempt = 1; ; attempt++) {
    try {
      return await ensureAdminOnce(db, opts);
    } catch (err) {
      if (attempt >= 3 || (err as { code?: string }).code !== "P2002") throw err;
    }
  }
}

async function ensureAdminOnce(
  db: DbClient,
  opts: { email?: string; password?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult | null> {
  if (opts.email && opts.password) {
    const email = opts.email.toLowerCase();
    const existing = await db.user.findUnique({ where: { email } });
    if (existing) {
      if (existing.role !== "admin") await db.user.update({ where: { id: existing.id }, data: { role: "admin" } });
      if (!opts.resetPassword) return { email, created: false };
      await setPassword(db, { userId: existing.id, newPassword: opts.password });
      return { email, created: false, passwordReset: true };
    }
    await db.user.create({
      data: {
        email,
        username: await freeUsername(db, email.split("@")[0] ?? "admin"),
        passwordHash: await hashPassword(opts.password),
        role: "admin",
      },
    });
    return { email, created: true };
  }
  if (await db.user.findFirst({ where: { role: "admin" }, select: { id: true } })) return null;
  const email = "admin@riesgos-ia.local";
  const generatedPassword = randomBytes(12).toString("base64url");
  await db.user.upsert({
    where: { email },
    create: {
      email,
      username: await freeUsername(db, "admin"),
      passwordHash: await hashPassword(generatedPassword),
      role: "admin",
    },
    update: { passwordHash: await hashPassword(generatedPassword), role: "admin" },
  });
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
