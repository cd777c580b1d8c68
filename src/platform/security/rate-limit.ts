import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { databaseUrl, rateLimitSetting } from "~/platform/env/live.ts";
import { AppError } from "~/platform/errors.ts";
import { log } from "~/platform/log/logger.ts";

/**
 * Abuse protection with rate-limiter-flexible on PostgreSQL (table `rate_limits`, created by a migration),
 * so a limit holds across every app instance. Callers: `await enforceRateLimit("newsletter",
 * clientIp(ctx.headers))` before doing any work; over the limit it throws AppError TOO_MANY_REQUESTS with
 * `retryAfter` seconds (→ HTTP 429 + Retry-After).
 */
type RateLimitName =
  | "login-ip"
  | "login-account-ip"
  | "login-account"
  | "login-device"
  | "register"
  | "newsletter"
  | "contact"
  | "contact-ack"
  | "reader-report"
  | "generate"
  | "fediverse-inbox";

interface Policy {
  /** Requests allowed per window (logins: attempts; a successful one is given back). */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

const DEFAULTS: Record<RateLimitName, Policy> = {
  // Per address, whatever the account: stops one client trying many accounts.
  "login-ip": { points: 10, duration: 15 * 60 },
  // Per account and address together: the lock a guesser can put on an account only holds on their address.
  "login-account-ip": { points: 5, duration: 15 * 60 },
  // Per account, from browsers it has never signed in on: a short window slows a spread-out attack down
  // without locking the owner out (their known device skips it).
  "login-account": { points: 10, duration: 5 * 60 },
  // Per known device (signed cookie set by a successful sign-in).
  "login-device": { points: 5, duration: 15 * 60 },
  register: { points: 5, duration: 60 * 60 },
  newsletter: { points: 20, duration: 60 * 60 },
  contact: { points: 10, duration: 60 * 60 },
  // Acknowledgements per recipient address: the form cannot be used to flood someone's inbox.
  "contact-ack": { points: 3, duration: 24 * 60 * 60 },
  generate: { points: 30, duration: 60 * 60 },
  // Error reports per address: enough for a reader going through several articles, not for a flood.
  "reader-report": { points: 5, duration: 60 * 60 },
  // Activities per remote instance (host) a minute at the inbox: a busy Mastodon server's replies and
  // deliveries fit, a flood does not.
  "fediverse-inbox": { points: 300, duration: 60 },
};

/** `RATE_LIMIT_LOGIN_IP=10/900` (points/seconds) overrides a default; tests use short windows this way. */
export function ratePolicy(name: RateLimitName): Policy {
  const raw = rateLimitSetting(name);
  const match = raw?.match(/^\s*(\d+)\s*\/\s*(\d+)\s*$/);
  if (!match) return DEFAULTS[name];
  return { points: Math.max(1, Number(match[1])), duration: Math.max(1, Number(match[2])) };
}

let pool: pg.Pool | undefined;
const limiters = new Map<RateLimitName, RateLimiterPostgres>();

function limiter(name: RateLimitName): RateLimiterPostgres {
  let found = limiters.get(name);
  if (found) return found;
  const url = databaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set: the rate limiter stores its counters in PostgreSQL");
  // A small pool of its own: the limiter speaks plain pg, and must not starve Prisma's pool.
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 3, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
    // An idle connection dropped by a PostgreSQL restart emits 'error' on the pool; unhandled, that would
    // crash the server. The pool discards the client itself, and the insurance limiter covers the gap.
    pool.on("error", (err) => log.child({ scope: "rate-limit" }).warn({ err }, "idle PostgreSQL connection lost"));
  }
  const policy = ratePolicy(name);
  found = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix: name,
    points: policy.points,
    duration: policy.duration,
    // If PostgreSQL is briefly unreachable, count in memory rather than fail the request.
    insuranceLimiter: new RateLimiterMemory({ points: policy.points, duration: policy.duration }),
  });
  limiters.set(name, found);
  return found;
}

// Keys are hashed: the table then holds no e-mail addresses or IPs, and long keys fit varchar(255).
const hashKey = (key: string) => createHash("sha256").update(key.trim().toLowerCase()).digest("hex");

function tooMany(res: RateLimiterRes): AppError {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError("TOO_MANY_REQUESTS", `Too many requests: try again in ${retryAfter} seconds`, {
    retryAfter,
    reason: "tooManyRequests",
    params: { seconds: retryAfter },
  });
}

/** Counts one request against `name` for `key`; throws 429 (AppError) once the window's allowance is spent. */
export async function enforceRateLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await limiter(name).consume(hashKey(key));
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooMany(err);
    throw err;
  }
}

/** Gives back one point of `key` (a successful sign-in should not count against its address). */
export async function refundRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).reward(hashKey(key), 1);
}

/** Forgets everything counted for `key`. */
export async function resetLimit(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).delete(hashKey(key));
}

/**
 * The client's address. The server process rewrites X-Forwarded-For to the one address it trusts before the
 * app sees the request (src/platform/request-edge/client-address.mjs, TRUSTED_PROXY_HOPS), so this only reads it.
 */
export function clientIp(headers: Headers): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - 1] ?? "unknown";
}
