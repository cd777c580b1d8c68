import { randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes as base64url: 43 characters, 256 bits — unguessable and ≥ 32 chars (SPEC §5). */
export const newToken = () => randomBytes(32).toString("base64url");

/** Constant-time equality, so a stored token cannot be discovered byte by byte from response timings. */
export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
