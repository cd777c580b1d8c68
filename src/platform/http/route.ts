import { ZodError } from "zod";
import { getSessionFromHeaders } from "~/platform/auth/get-session.ts";
import type { AppSession } from "~/platform/auth/session.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "~/platform/db/unavailable.ts";
import { AppError } from "~/platform/errors.ts";
import { requestLog } from "~/platform/log/logger.ts";
import { isClientAbort } from "./client-abort.ts";

/**
 * Who may call a hand-written route handler (the ones tRPC and the REST adapter do not serve):
 * - `public`: anyone;
 * - `admin`: a session with the admin role (401 signed out, 403 otherwise), checked before anything else;
 * - `signed`: whoever holds the secret the request is signed with (provider webhooks);
 * - `token`: whoever holds the unguessable token the request carries (one-click unsubscribe).
 * tests/integration/rbac.test.ts walks every handler under src/app/api and checks what it declares.
 */
export type RouteAccess = "public" | "admin" | "signed" | "token";

interface RouteContext<P> {
  params: P;
  /** The caller's session (resolved for `admin` routes only). */
  session: AppSession | null;
}

type RouteHandler<P> = ((req: Request, context?: { params: Promise<P> }) => Promise<Response>) & {
  access: RouteAccess;
};

/** The one error body of the API: `{ error, code, field?, issues? }`, never cached, Retry-After when due. */
function errorResponse(err: AppError, issues?: { path: string; message: string }[]): Response {
  const headers = new Headers({ "cache-control": "no-store" });
  if (err.retryAfter) headers.set("retry-after", String(err.retryAfter));
  const body = {
    error: err.message,
    code: err.code,
    ...(err.field ? { field: err.field } : {}),
    ...(issues?.length ? { issues } : {}),
  };
  return Response.json(body, { status: err.status, headers });
}

/** The API's answer to an error a handler threw (also for the beacon's hits answered before Next.js). */
export function routeErrorResponse(err: unknown, headers: Headers): Response {
  if (err instanceof AppError) return errorResponse(err);
  if (err instanceof ZodError) {
    // The same 400 the REST adapter sends for invalid input.
    const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
    return errorResponse(new AppError("BAD_REQUEST", message, { field: issues[0]?.path || undefined }), issues);
  }
  if (isClientAbort(err)) return errorResponse(new AppError("BAD_REQUEST", "Request body aborted"));
  if (isDatabaseUnavailable(err)) return errorResponse(databaseUnavailableError(err));
  requestLog(headers).child({ scope: "route" }).error({ err }, "unexpected error");
  return errorResponse(new AppError("INTERNAL", "Internal server error"));
}

/**
 * Declares a route handler's access and gives it the API's error handling: AppError and zod errors become
 * the error body above, anything unexpected a 500 without internals.
 */
export function route<P = Record<string, never>>(
  access: RouteAccess,
  handler: (req: Request, ctx: RouteContext<P>) => Response | Promise<Response>,
): RouteHandler<P> {
  const wrapped = async (req: Request, context?: { params?: Promise<P> }) => {
    try {
      let session: AppSession | null = null;
      if (access === "admin") {
        session = await getSessionFromHeaders(req.headers);
        if (!session) throw new AppError("UNAUTHORIZED", "Authentication required");
        if (session.user.role !== "admin") throw new AppError("FORBIDDEN", "Admin role required");
      }
      const params = ((await context?.params) ?? {}) as P;
      return await handler(req, { params, session });
    } catch (err) {
      return routeErrorResponse(err, req.headers);
    }
  };
  return Object.assign(wrapped, { access });
}
