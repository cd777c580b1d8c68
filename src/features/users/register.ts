import { hashPassword } from "~/platform/auth/password.ts";
import type { SessionUser } from "~/platform/auth/session.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { enforceRateLimit } from "~/platform/security/rate-limit.ts";

const SELECT = { id: true, username: true, email: true, role: true } as const;

/** Both columns are citext, so these lookups (and the unique indexes) ignore case. */
async function assertFree(db: DbClient, email: string, username: string) {
  if (await db.user.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError("CONFLICT", "An account with this email already exists", {
      field: "email",
      reason: "emailTaken",
    });
  if (await db.user.findUnique({ where: { username }, select: { id: true } }))
    throw new AppError("CONFLICT", "This username is already taken", { field: "username", reason: "usernameTaken" });
}

const isUniqueViolation = (err: unknown) =>
  typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002";

/** Creates an account with role `user` (input already validated by registerInputSchema). */
export async function registerUser(
  db: DbClient,
  input: { username: string; email: string; password: string; ip: string },
): Promise<SessionUser> {
  await enforceRateLimit("register", input.ip);
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  await assertFree(db, email, username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({ data: { email, username, passwordHash, role: "user" }, select: SELECT });
  } catch (err) {
    // A concurrent registration won the race between the check and the insert: report which field.
    if (isUniqueViolation(err)) await assertFree(db, email, username);
    throw err;
  }
}
