import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/platform/env/live.ts";

/**
 * A "known device" for sign-in throttling (OWASP: slow down online guessing with device cookies). A browser
 * that signed in to an account gets a signed cookie naming that account; later attempts from it are counted
 * per device, so a guesser elsewhere cannot lock the owner out. Only the login calls under /api read it.
 */
const DEVICE_COOKIE = "riesgos.device";
const MAX_AGE = 60 * 60 * 24 * 180;

const accountTag = (account: string) =>
  createHash("sha256").update(account.trim().toLowerCase()).digest("base64url").slice(0, 22);

function mac(payload: string): string {
  const secret = authSecret();
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: device cookies cannot be signed");
  return createHmac("sha256", `device-cookie:${secret}`).update(payload).digest("base64url");
}

/** The device id of a genuine, unexpired cookie issued for `account`, else null. */
export function knownDevice(cookieHeader: string | null, account: string): string | null {
  const value = cookieHeader
    ?.split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const [device, tag, issued, signature] = value?.split(".") ?? [];
  if (!device || !tag || !issued || !signature) return null;
  const expected = Buffer.from(mac(`${device}.${tag}.${issued}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (tag !== accountTag(account) || Date.now() / 1000 - Number(issued) > MAX_AGE) return null;
  return device;
}

/** Set-Cookie for a browser that just signed in to `account` (keeps its device id when it had one). */
export function deviceSetCookie(account: string, device: string | null, secure: boolean): string {
  const id = device ?? randomBytes(12).toString("base64url");
  const payload = `${id}.${accountTag(account)}.${Math.floor(Date.now() / 1000)}`;
  return `${DEVICE_COOKIE}=${payload}.${mac(payload)}; Path=/api; Max-Age=${MAX_AGE}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
