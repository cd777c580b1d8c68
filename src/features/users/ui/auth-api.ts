import type { AuthUser } from "./auth-store.ts";

/** A refused auth call: HTTP status plus the REST error body's code/field and the Retry-After delay. */
export class AuthCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly field: string | null,
    readonly retryAfter: number | null,
  ) {
    super(`${status}: ${code ?? "error"}`);
  }
}

/**
 * Calls the spec's REST auth paths (SPEC §7). Plain fetch rather than the batched, streamed tRPC link:
 * the session cookie travels in the response headers, which a streamed batch has already sent.
 */
async function call(path: "login" | "register", body: unknown): Promise<{ user: AuthUser }> {
  const res = await fetch(`/api/auth/${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as { user?: AuthUser; code?: string; field?: string };
  if (!res.ok || !data.user) {
    const retry = Number(res.headers.get("retry-after"));
    throw new AuthCallError(res.status, data.code ?? null, data.field ?? null, retry > 0 ? retry : null);
  }
  return { user: data.user };
}

export const loginRequest = (input: { email: string; password: string }) => call("login", input);
export const registerRequest = (input: { username: string; email: string; password: string }) =>
  call("register", input);

interface TrpcErrorBody {
  error?: { json?: { data?: { httpStatus?: number; appCode?: string; field?: string; retryAfter?: number } } };
}

/**
 * tRPC auth.changePassword as one unbatched call (not the streamed batch link): its response headers carry
 * this browser's new session cookie.
 */
export async function changePasswordRequest(input: { currentPassword: string; newPassword: string }): Promise<void> {
  const res = await fetch("/api/trpc/auth.changePassword", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ json: input }),
  });
  if (res.ok) return;
  const data = ((await res.json().catch(() => ({}))) as TrpcErrorBody).error?.json?.data;
  throw new AuthCallError(res.status, data?.appCode ?? null, data?.field ?? null, data?.retryAfter ?? null);
}

/** Tells the server to drop the session cookie; never throws (logout is best-effort, SPEC §4). */
export async function logoutRequest(): Promise<void> {
  await fetch("/api/auth/logout", { method: "POST", credentials: "include", keepalive: true }).catch(() => undefined);
}
