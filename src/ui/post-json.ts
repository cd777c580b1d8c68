/**
 * A refused or failed browser call. `status` is the HTTP status, 0 when the request never got an answer
 * (offline, DNS, aborted). `error`, `code` and `field` come from the REST error body `{error, code, field?}`
 * or from tRPC's plain HTTP error body; `retryAfter` from the Retry-After header or tRPC's error data.
 */
export class PostJsonError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | null,
    readonly code: string | null,
    readonly field: string | null,
    readonly retryAfter: number | null,
    /** The answer's raw text, for logs only: never shown, since it may be an HTML or proxy error page. */
    raw = "",
  ) {
    super(status === 0 ? `network: ${error ?? "no answer"}` : `${status}: ${raw || error || code || "error"}`);
  }

  /** True when the server never answered, so no body or status can explain the failure. */
  get network(): boolean {
    return this.status === 0;
  }
}

interface ErrorBody {
  error?: string | { json?: { message?: string; data?: TrpcErrorData } };
  code?: string;
  field?: string;
}
interface TrpcErrorData {
  appCode?: string | null;
  code?: string;
  field?: string | null;
  retryAfter?: number | null;
}

/**
 * POSTs JSON from the browser the one way every form does: same-origin cookies, `content-type: application/json`
 * (omitted, with the body, when there is no body to send), the answer parsed as JSON (null when it is not).
 * Resolves with the parsed body of a 2xx answer; otherwise throws a PostJsonError.
 */
export async function postJson<T = unknown>(
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "include",
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    throw new PostJsonError(0, err instanceof Error ? err.message : String(err), null, null, null);
  }
  const text = await res.text().catch(() => "");
  const data = parse(text);
  if (res.ok) return data as T | null;
  throw refusal(res, (data ?? {}) as ErrorBody, text);
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function refusal(res: Response, body: ErrorBody, text: string): PostJsonError {
  const header = Number(res.headers.get("retry-after"));
  const headerRetry = header > 0 ? header : null;
  if (typeof body.error === "object" && body.error !== null) {
    // tRPC's own HTTP form (superjson): { error: { json: { message, data: { appCode, field, retryAfter } } } }
    const trpc = body.error.json;
    const data = trpc?.data;
    return new PostJsonError(
      res.status,
      trpc?.message ?? null,
      data?.appCode ?? null,
      data?.field ?? null,
      data?.retryAfter ?? headerRetry,
      text,
    );
  }
  return new PostJsonError(res.status, body.error ?? null, body.code ?? null, body.field ?? null, headerRetry, text);
}
