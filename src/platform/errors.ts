import type esErrors from "../../messages/es/errors.json";

type ErrorTexts = (typeof esErrors)["errors"];
/**
 * Why an error happened, as a key of the catalog's `errors` namespace: the UI shows that text in the reader's
 * language (the English `message` is the REST API's, kept as the API documents it).
 */
export type ErrorReason =
  | Exclude<keyof ErrorTexts, "generic" | "notFound">
  | `notFound.${keyof ErrorTexts["notFound"]}`;
export type ErrorParams = Record<string, string | number>;

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
  /** The catalog text the UI shows (errors.<reason>); without one the UI shows the code's generic text. */
  reason?: ErrorReason;
  /** Arguments of that text ({seconds}, {field}…). */
  params?: ErrorParams;
  /** The input field at fault (validation and conflicts). */
  field?: string;
  /** Seconds until a rate-limited caller may retry. */
  retryAfter?: number;
  details?: unknown;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly reason?: ErrorReason;
  readonly params?: ErrorParams;
  readonly field?: string;
  readonly retryAfter?: number;
  readonly details?: unknown;

  constructor(code: AppErrorCode, message: string, opts: AppErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.reason = opts.reason;
    this.params = opts.params;
    this.field = opts.field;
    this.retryAfter = opts.retryAfter;
    this.details = opts.details;
  }

  get status() {
    return HTTP_STATUS[this.code];
  }
}

const NOT_FOUND = {
  Agent: "agent",
  "Agent run": "agentRun",
  Article: "article",
  Revision: "revision",
  Newsletter: "newsletter",
  Subscription: "subscription",
  "Contact message": "contactMessage",
  "Reader report": "readerReport",
  User: "user",
  "Job run": "jobRun",
  "Source snapshot": "sourceSnapshot",
  "Changed source": "changedSource",
  "Fediverse reply": "fediverseReply",
  "Fediverse delivery": "fediverseDelivery",
} as const satisfies Record<string, keyof ErrorTexts["notFound"]>;

/** '<What> not found' for the API, and the matching catalog text for the UI. */
export const notFound = (what: keyof typeof NOT_FOUND) =>
  new AppError("NOT_FOUND", `${what} not found`, { reason: `notFound.${NOT_FOUND[what]}` });
