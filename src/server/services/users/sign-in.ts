import type { SessionUser } from "~/server/auth/session.ts";
import type { DbClient } from "~/server/db/client.ts";
import { AppError } from "~/server/errors.ts";
import { enforceRateLimit, refundRateLimit, resetLimit } from "~/server/security/rate-limit.ts";
import { authenticate } from "./authenticate.ts";

/**
 * E-mail + password sign-in with brute-force protection. Every attempt spends a point per client address
 * and per account BEFORE the password is checked (one atomic upsert each), so a batch or a parallel burst
 * can check no more passwords than the limit allows; a spent allowance answers 429. A success gives its
 * points back. Wrong password and unknown e-mail give the same error.
 */
export async function signIn(
  db: DbClient,
  input: { email: string; password: string; ip: string },
): Promise<SessionUser> {
  const account = input.email.trim().toLowerCase();
  await enforceRateLimit("login-ip", input.ip);
  await enforceRateLimit("login-account", account);
  const user = await authenticate(db, account, input.password);
  if (!user) throw new AppError("UNAUTHORIZED", "Invalid email or password");
  await Promise.all([refundRateLimit("login-ip", input.ip), resetLimit("login-account", account)]);
  return user;
}
