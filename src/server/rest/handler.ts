import { AsyncLocalStorage } from "node:async_hooks";
import { articleContent } from "~/features/articles/index.ts";
import { isClientAbort } from "~/platform/http/client-abort.ts";
import { jsonBodyText } from "~/platform/http/utf8-body.ts";
import { requestLog } from "~/platform/log/logger.ts";
import { type AppMeta, createTRPCContext } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";
import { createOpenApiFetchAdapter } from "./openapi-fetch.ts";

type ProcedureMap = Record<string, { _def: { meta?: AppMeta; type: string } }>;
const procedures = appRouter._def.procedures as unknown as ProcedureMap;

/** Cache policy by access level: public reads may sit in a shared cache briefly; anything else never. */
function cacheControl(paths: readonly string[] | undefined, method: string, ok: boolean): string {
  const access = paths?.[0] ? procedures[paths[0]]?._def.meta?.access : undefined;
  if (ok && method === "GET" && access === "public")
    return "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
  return "no-store";
}

/**
 * trpc-to-openapi matches path parameters on the raw pathname, so `/articles/a%2Db` would reach the procedure
 * still encoded. docs/product.md §7 paths carry URL-encoded slugs and e-mails: decode each segment, unless decoding
 * would change the path's structure (an encoded '/', '?', '#', '%' or whitespace stays as sent).
 */
function decodedPathname(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      try {
        const decoded = decodeURIComponent(segment);
        return /[/?#%\s]/.test(decoded) ? segment : decoded;
      } catch {
        return segment; // malformed escape: the procedure's validation answers 400
      }
    })
    .join("/");
}

/**
 * Adapts the request for the OpenAPI handler: decoded path parameters, and — since docs/product.md §7 calls such as
 * `POST /api/agents/execute-all` carry no payload while the handler only accepts JSON bodies — a body-less
 * write (no content type, or `application/json` with an empty body, as browsers' fetch sends it) is `{}`
 * instead of a 415 or a 400 before auth is even checked.
 */
async function adaptRequest(req: Request): Promise<Request> {
  const url = new URL(req.url);
  const pathname = decodedPathname(url.pathname);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const type = req.headers.get("content-type");
  const mayBeEmptyJson = hasBody && (!type || /^application\/json\s*(;|$)/i.test(type));
  if (pathname === url.pathname && !mayBeEmptyJson) return req;
  url.pathname = pathname;
  const headers = new Headers(req.headers);
  let body: string | undefined;
  if (hasBody) {
    // Read strictly as UTF-8: bytes that are not are refused naming their field, not stored as U+FFFD.
    body = mayBeEmptyJson ? jsonBodyText(new Uint8Array(await req.arrayBuffer())) : await req.text();
    if (mayBeEmptyJson && !body.trim()) {
      headers.set("content-type", "application/json");
      body = "{}";
    } else if (!type) headers.set("content-type", "application/json");
  }
  return new Request(url, { method: req.method, headers, body });
}

/**
 * A slug we once published (repaired since, article_slug_redirects): the same call under the current slug.
 * Asked only after a 400 or 404, so a call that works costs no lookup.
 */
async function movedArticlePath(req: Request): Promise<URL | null> {
  const url = new URL(req.url);
  const match = /^\/api\/articles\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const current = await articleContent.movedSlug(match[1]).catch(() => null);
  if (!current) return null;
  url.pathname = `/api/articles/${encodeURIComponent(current)}${match[2] ?? ""}`;
  return url;
}

/** 308, not 301: a client repeats the call there with its method and body (a PUT stays a PUT). */
const movedResponse = (location: URL) =>
  new Response(null, {
    status: 308,
    headers: { location: location.pathname + location.search, "cache-control": "no-store" },
  });

interface TrpcOpenApiErrorBody {
  message?: string;
  code?: string;
  issues?: { path?: (string | number)[]; message: string }[];
  data?: { appCode?: string | null; field?: string | null; retryAfter?: number | null; details?: unknown };
}

/** One REST call's own state, read by the handler's hooks (built once, so they take no per-call closure). */
interface RestCall {
  req: Request;
  resHeaders: Headers;
  calledPaths?: readonly string[];
}
const restCall = new AsyncLocalStorage<RestCall>();
function currentCall(): RestCall {
  const call = restCall.getStore();
  if (!call) throw new Error("a REST hook ran outside its call");
  return call;
}

const openApiHandler = createOpenApiFetchAdapter("/api", {
  router: appRouter,
  createContext: () => {
    const { req, resHeaders } = currentCall();
    return createTRPCContext({ headers: req.headers, resHeaders });
  },
  responseMeta: ({ paths }) => {
    currentCall().calledPaths = paths;
    return {};
  },
  onError: ({ error }) => {
    if (error.code === "INTERNAL_SERVER_ERROR" && !isClientAbort(error.cause))
      requestLog(currentCall().req.headers)
        .child({ scope: "rest" })
        .error({ err: error.cause ?? error }, "unexpected error");
  },
});

/**
 * The spec's REST paths (docs/product.md §7) are a thin adapter over the tRPC procedures that declare `meta.openapi`.
 * Errors become `{ error, code, field?, issues? }` with the right status (docs/product.md §8: clients show `status: body`).
 */
export async function handleRest(incoming: Request): Promise<Response> {
  const req = await adaptRequest(incoming);
  const call: RestCall = { req, resHeaders: new Headers() };
  const res = await restCall.run(call, () => openApiHandler(req));
  const { resHeaders, calledPaths } = call;
  const headers = new Headers(res.headers);
  resHeaders.forEach((value, key) => {
    headers.append(key, value);
  });
  // A procedure may set a stricter policy itself (an admin reading an unpublished article: private).
  if (!(res.ok && resHeaders.has("cache-control")))
    headers.set("cache-control", cacheControl(calledPaths, req.method, res.ok));
  if (res.ok) return new Response(res.body, { status: res.status, headers });
  if (res.status === 400 || res.status === 404) {
    const moved = await movedArticlePath(req);
    if (moved) return movedResponse(moved);
  }

  const raw = (await res.json().catch(() => ({}))) as TrpcOpenApiErrorBody;
  const issues = raw.issues?.map((i) => ({ path: (i.path ?? []).join("."), message: i.message }));
  const field = raw.data?.field ?? issues?.[0]?.path ?? undefined;
  const message =
    raw.message === "Input validation failed" && issues?.length
      ? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ")
      : (raw.message ?? res.statusText);
  if (raw.data?.retryAfter) headers.set("retry-after", String(raw.data.retryAfter));
  headers.set("content-type", "application/json");
  const body = {
    error: message,
    code: raw.data?.appCode ?? raw.code ?? "ERROR",
    ...(field ? { field } : {}),
    ...(issues?.length ? { issues } : {}),
    ...(raw.data?.details ? { details: raw.data.details } : {}),
  };
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
