import { postJson } from "~/ui/post-json.ts";
import type { AuthUser } from "./auth-store.ts";

/**
 * Calls the spec's REST auth paths (docs/product.md §7). A plain POST rather than the batched, streamed tRPC link:
 * the session cookie travels in the response headers, which a streamed batch has already sent.
 * Refusals throw postJson's PostJsonError (status, code, field, retryAfter).
 */
async function call(path: "login" | "register", body: unknown): Promise<{ user: AuthUser }> {
  const data = await postJson<{ user?: AuthUser }>(`/api/auth/${path}`, body);
  if (!data?.user) throw new Error(`${path}: no user in the answer`);
  return { user: data.user };
}

export const loginRequest = (input: { email: string; password: string }) => call("login", input);
export const registerRequest = (input: { username: string; email: string; password: string }) =>
  call("register", input);

/**
 * tRPC auth.changePassword as one unbatched call (not the streamed batch link): its response headers carry
 * this browser's new session cookie.
 */
export async function changePasswordRequest(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await postJson("/api/trpc/auth.changePassword", { json: input });
}

/** Tells the server to drop the session cookie; never throws (logout is best-effort, docs/product.md §4). */
export async function logoutRequest(): Promise<void> {
  await postJson("/api/auth/logout", undefined, { keepalive: true }).catch(() => undefined);
}
