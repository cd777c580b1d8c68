import type { SessionUser } from "~/server/auth/session.ts";
import type { DbClient } from "~/server/db/client.ts";
import { AppError } from "~/server/errors.ts";
import { assertNotLimited, recordFailure, resetLimit } from "~/server/security/rate-limit.ts";
import { authenticate } from "./authenticate.ts";

/**
 * E-mail + password sign-in with brute-force protection: failures are counted per client IP and per account
 * (rate-limiter-flexible's login recipe), and a spent allowance refuses further attempts with 429 before the
 * password is even checked. Wrong password and unknown e-mail give the same error.
 */
export async function signIn(
  db: DbClient,
  input: { email: string; password: string; ip: string },
): Promise<SessionUser> {
  const account = input.email.trim().toLowerCase();
  await assertNotLimited("login-ip", input.ip);
  await assertNotLimited("login-account", account);
  const user = await authenticate(db, account, input.password);
  if (!user) {
    await Promise.all([recordFailure("login-ip", input.ip), recordFailure("login-account", account)]);
    throw new AppError("UNAUTHORIZED", "Invalid email or password");
  }
  await resetLimit("login-account", account);
  return user;
}
