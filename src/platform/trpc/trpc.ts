import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { type AuditMeta, auditProcedureCall } from "~/platform/audit/procedure-audit.ts";
import { getSessionFromHeaders } from "~/platform/auth/get-session.ts";
import type { AppSession } from "~/platform/auth/session.ts";
import { db } from "~/platform/db/db.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "~/platform/db/unavailable.ts";
import { AppError, type AppErrorCode } from "~/platform/errors.ts";
import { isClientAbort } from "~/platform/http/client-abort.ts";
import { requestLog } from "~/platform/log/logger.ts";
import {
  nonFiniteNumberPath,
  nulCharacterPath,
  tooDeepPath,
  unpairedSurrogatePath,
} from "~/platform/security/storable-text.ts";
import { inputTooDeep, inputTransformer } from "./input-transformer.ts";

interface TRPCContext {
  db: typeof db;
  session: AppSession | null;
  /** Request headers (client IP, Origin, cookies). */
  headers: Headers;
  /** Response headers a procedure may add (Set-Cookie for sign-in, Retry-After…); both HTTP adapters send them. */
  resHeaders: Headers;
}

/** Context without any request I/O: tests, jobs and static pages build it directly. */
export function createInnerContext(opts: {
  session: AppSession | null;
  headers?: Headers;
  resHeaders?: Headers;
}): TRPCContext {
  return {
    db,
    session: opts.session,
    headers: opts.headers ?? new Headers(),
    resHeaders: opts.resHeaders ?? new Headers(),
  };
}

/** Per-request context: resolves the next-auth session from the request cookies. */
export async function createTRPCContext(opts: { headers: Headers; resHeaders?: Headers }): Promise<TRPCContext> {
  return createInnerContext({
    session: await getSessionFromHeaders(opts.headers),
    headers: opts.headers,
    resHeaders: opts.resHeaders,
  });
}

/** Procedure metadata: `access` is set by the builders below; `openapi` exposes it at a REST path (docs/product.md §7). */
export type AppMeta = OpenApiMeta<{ access?: "public" | "user" | "admin"; audit?: AuditMeta }>;

const t = initTRPC
  .context<TRPCContext>()
  .meta<AppMeta>()
  .create({
    // Output is plain superjson; input goes through its guarded twin.
    transformer: { input: inputTransformer, output: superjson },
    errorFormatter({ shape, error }) {
      const app = error.cause instanceof AppError ? error.cause : null;
      const zod = error.cause instanceof ZodError ? error.cause : null;
      return {
        ...shape,
        // Never leak internals of unexpected errors.
        message: error.code === "INTERNAL_SERVER_ERROR" && !app ? "Internal server error" : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          appCode: app?.code ?? null,
          // What the UI shows, from the catalog in the reader's language (errors.<reason>, with its params).
          reason: app?.reason ?? null,
          params: app?.params ?? null,
          field: app?.field ?? zod?.issues[0]?.path.join(".") ?? null,
          retryAfter: app?.retryAfter ?? null,
          details: app?.details ?? null,
          zodIssues: zod ? zod.issues.map((i) => ({ path: i.path.join("."), message: i.message })) : null,
        },
      };
    },
  });

const TRPC_CODE: Record<AppErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

/** Maps an AppError thrown by a service to the matching tRPC code (the one place that does so). */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
    }
    if (isClientAbort(cause)) throw new TRPCError({ code: "BAD_REQUEST", message: "Request body aborted", cause });
    // PostgreSQL down or restarting: a clear 503 with Retry-After (the client may simply retry), not a 500.
    if (isDatabaseUnavailable(cause)) {
      const app = databaseUnavailableError(cause);
      requestLog(ctx.headers).child({ scope: "trpc" }).warn({ err: cause }, "database unavailable");
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: app.message, cause: app });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR")
      requestLog(ctx.headers)
        .child({ scope: "trpc" })
        .error({ err: result.error.cause ?? result.error }, "unexpected error");
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Mounts procedures owned by one feature under another feature's namespace (paths stay as the UI and REST know them). */
export const mergeRouters = t.mergeRouters;

/**
 * Input no field may hold, each with its finder and the rule a refusal names: text PostgreSQL cannot store,
 * and numbers that are not finite. Bytes that were not UTF-8 reach here as unpaired surrogates
 * (src/platform/http/utf8-body.ts), so one rule names both.
 */
const UNSTORABLE_INPUT = [
  { find: nulCharacterPath, reason: "inputNulCharacter", rule: "must not contain NUL characters" },
  {
    find: unpairedSurrogatePath,
    reason: "inputUnpairedSurrogate",
    rule: "must be valid Unicode text (UTF-8, no unpaired surrogate)",
  },
  { find: nonFiniteNumberPath, reason: "inputNonFiniteNumber", rule: "must be a finite number" },
] as const;

/**
 * Input no field may hold (a NUL character, invalid Unicode, a number that is not finite) is a 400 naming the
 * field, never a failed insert (500) or a silently changed value; so is input nested deeper than any procedure
 * takes (checked first, without recursion).
 */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput();
  const deep = tooDeepPath(raw);
  if (deep !== null) throw inputTooDeep(deep);
  for (const { find, reason, rule } of UNSTORABLE_INPUT) {
    const field = find(raw);
    if (field !== null)
      throw new AppError("BAD_REQUEST", `${field || "input"}: ${rule}`, {
        field,
        reason,
        params: { field: field || "input" },
      });
  }
  return next();
});

export const publicProcedure = t.procedure.meta({ access: "public" }).use(appErrors).use(storableText);

/** Auth runs before input checks, so anonymous calls get 401 whatever they send. */
const signedIn = t.procedure.use(appErrors).use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Authentication required" });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Signed in, any role. */
export const protectedProcedure = signedIn.meta({ access: "user" }).use(storableText);

/**
 * Admin calls whose meta names an `audit` action are appended to the audit trail with their actor, target
 * and outcome, once the call has finished. Refused input (400) attempted nothing and is not an action; every
 * other failure is recorded. A trail that cannot be written never undoes the call.
 */
const audited = t.middleware(async ({ ctx, meta, getRawInput, next }) => {
  const result = await next();
  if (!meta?.audit || !ctx.session) return result;
  if (!result.ok && result.error.code === "BAD_REQUEST") return result;
  const input = await getRawInput().catch(() => undefined);
  await auditProcedureCall(ctx.db, meta.audit, {
    actor: actorFromSession(ctx.session),
    input,
    data: result.ok ? result.data : undefined,
    error: result.ok ? undefined : { code: result.error.code, message: result.error.message },
  }).catch((err) =>
    requestLog(ctx.headers).child({ scope: "audit" }).error({ err, audit: meta.audit }, "could not record"),
  );
  return result;
});

/** Role `admin` only: 401 when signed out, 403 for other roles. */
export const adminProcedure = signedIn
  .meta({ access: "admin" })
  .use(({ ctx, next }) => {
    if (ctx.session.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Admin role required" });
    return next({ ctx });
  })
  .use(audited)
  .use(storableText);
