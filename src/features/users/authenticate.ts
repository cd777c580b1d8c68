import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "~/platform/auth/password.ts";
import type { SessionUser } from "~/platform/auth/session.ts";
import type { DbClient } from "~/platform/db/client.ts";

// A real hash of a random string: unknown e-mails still pay for one bcrypt compare, so timing does not
// reveal whether an account exists.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

/** Returns the user for a correct e-mail + password, otherwise null (same answer for unknown e-mails). */
export async function authenticate(db: DbClient, email: string, password: string): Promise<SessionUser | null> {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, username: true, email: true, role: true, passwordHash: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !ok) return null;
  return { id: user.id, username: user.username, email: user.email, role: user.role };
}
