import { AppError } from "~/server/errors.ts";

/**
 * Abuse protection (owned by the accounts feature, which backs it with rate-limiter-flexible on Postgres).
 * Callers: `await enforceRateLimit("newsletter", clientIp(ctx.headers))` before doing any work; over the
 * limit it throws AppError TOO_MANY_REQUESTS with `retryAfter` seconds (→ HTTP 429 + Retry-After).
 */
export type RateLimitName = "login-ip" | "login-account" | "register" | "newsletter" | "contact" | "generate";

// Interface only until the accounts feature lands the Postgres-backed limiter (it throws the AppError below).
export async function enforceRateLimit(_name: RateLimitName, _key: string): Promise<void> {}

export type RateLimitError = AppError;

/** The client's IP as seen through the proxy headers (first X-Forwarded-For hop), or "unknown". */
export function clientIp(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "unknown";
}
