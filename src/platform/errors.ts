/**
 * The one error type services throw. A single mapping turns it into tRPC codes (and so HTTP statuses) —
 * see src/platform/trpc/trpc.ts — so services never import tRPC or Next.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

interface AppErrorOptions {
  /** The input field at fault (validation and conflicts). */
  field?: string;
  /** Seconds until a rate-limited caller may retry. */
  retryAfter?: number;
  details?: unknown;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field?: string;
  readonly retryAfter?: number;
  readonly details?: unknown;

  constructor(code: AppErrorCode, message: string, opts: AppErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.field = opts.field;
    this.retryAfter = opts.retryAfter;
    this.details = opts.details;
  }

  get status() {
    return HTTP_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
