import { knownDevice } from "~/platform/auth/device-cookie.ts";
import type { SessionUser } from "~/platform/auth/session.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { enforceRateLimit, refundRateLimit, resetLimit } from "~/platform/security/rate-limit.ts";
import { authenticate } from "./authenticate.ts";

interface SignInResult {
  user: SessionUser;
  /** The browser's known-device id for this account, if it presented one (kept when the cookie is renewed). */
  device: string | null;
}

/**
 * E-mail + password sign-in with brute-force protection after OWASP's authentication guidance. Every
 * attempt spends its points BEFORE the password is checked (one atomic upsert each), so a batch or a
 * parallel burst checks no more passwords than the limits allow; a spent allowance answers 429.
 * - From a device that signed in to this account before (signed cookie): counted per device only.
 * - Otherwise: per address (any account), per account and address together (the lock a guesser can cause
 *   stays on their own address), and per account in a short window, which slows a spread-out attack
 *   down instead of locking the account (its owner's known device is not counted there).
 * A success gives back its points. Wrong password and unknown e-mail give the same error.
 */
export async function signIn(
  db: DbClient,
  input: { email: string; password: string; ip: string; cookie?: string | null },
): Promise<SignInResult> {
  const account = input.email.trim().toLowerCase();
  const device = knownDevice(input.cookie ?? null, account);
  const pair = `${account}|${input.ip}`;
  if (device) await enforceRateLimit("login-device", device);
  else {
    await enforceRateLimit("login-ip", input.ip);
    await enforceRateLimit("login-account-ip", pair);
    await enforceRateLimit("login-account", account);
  }
  const user = await authenticate(db, account, input.password);
  if (!user) throw new AppError("UNAUTHORIZED", "Invalid email or password", { reason: "invalidCredentials" });
  await (device
    ? resetLimit("login-device", device)
    : Promise.all([
        refundRateLimit("login-ip", input.ip),
        refundRateLimit("login-account", account),
        resetLimit("login-account-ip", pair),
      ]));
  return { user, device };
}
