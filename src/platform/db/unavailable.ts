import { AppError } from "~/platform/errors.ts";

/**
 * Whether an error means "the database cannot be reached right now" (server down or restarting, connection
 * dropped, pool exhausted) rather than a bug or bad data. Such a request fails with 503 and a Retry-After,
 * and the next one, once PostgreSQL is back, simply works: pg's pool drops broken connections by itself.
 * Errors arrive in several wrappings (Prisma's known-request errors, the pg adapter's mapped kinds, pg's own
 * socket and SQLSTATE errors, rate-limiter-flexible's raw pg errors), so the whole cause chain is checked.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// SQLSTATE: class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300
// (too many connections).
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection/i;

type Loose = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

function matches(e: Loose): boolean {
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.originalCode === "string" && SQLSTATE.test(e.originalCode)) return true;
  if (e.kind === "postgres" && typeof e.code === "string" && SQLSTATE.test(e.code)) return true;
  return typeof e.message === "string" && MESSAGES.test(e.message);
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const e = error as Loose;
  if (matches(e)) return true;
  // Prisma keeps the adapter's error (with the SQLSTATE) under meta, not as the cause.
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1);
}

/** Seconds a client should wait before retrying (PostgreSQL restarts in a few seconds). */
const DATABASE_RETRY_AFTER = 5;

export function databaseUnavailableError(cause: unknown) {
  return new AppError("SERVICE_UNAVAILABLE", "The database is unavailable for a moment: try again in a few seconds", {
    retryAfter: DATABASE_RETRY_AFTER,
    reason: "databaseUnavailable",
    cause,
  });
}
