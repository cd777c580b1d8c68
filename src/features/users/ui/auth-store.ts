import type { z } from "zod";
import { KNOWN_SESSION_KEY } from "~/platform/request-edge/intent-keys.js";
import type { sessionUserSchema } from "../schema.ts";

/** Type-only: the schema (and zod) stay out of the browser bundle. */
export type AuthUser = z.infer<typeof sessionUserSchema>;
type AuthState = { status: "loading" | "authenticated" | "anonymous"; user: AuthUser | null };

/**
 * The signed-in user as this browser tab knows it, shared by the header, the login/register forms and the
 * admin shell. A plain store (useSyncExternalStore) rather than React Query so that public pages don't ship
 * a query client for one request. Asked once per page load; updated in place on sign-in and sign-out.
 */
let state: AuthState = { status: "loading", user: null };
let requested = false;
/** Bumped by every change of session this tab makes: an answer to an earlier question no longer counts. */
let asked = 0;
const listeners = new Set<() => void>();

/** `known`: the server said who is signed in; a question that got no answer shows a guest but forgets nothing. */
function set(user: AuthUser | null, known = true) {
  asked += 1;
  state = { status: user ? "authenticated" : "anonymous", user };
  if (known) rememberSession(Boolean(user));
  for (const listener of listeners) listener();
}

/**
 * A mark (no identity in it) that this browser is signed in: a reader page, whose scripts otherwise wait for
 * the reader's first intent, loads them at once so that the header shows the session without waiting.
 */
function rememberSession(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(KNOWN_SESSION_KEY, "1");
    else localStorage.removeItem(KNOWN_SESSION_KEY);
  } catch {
    // Storage refused: the header still fills in on the reader's first intent.
  }
}

/**
 * GET of the `auth.me` tRPC procedure in tRPC's plain HTTP form (no batching; superjson wraps the result as
 * `{ result: { data: { json } } }`). The httpOnly session cookie is the source of truth. A question with no
 * answer (an error, a request the page's unload cut off) is `undefined`: not a sign that nobody is signed in.
 */
async function fetchMe(): Promise<AuthUser | null | undefined> {
  try {
    const res = await fetch("/api/trpc/auth.me", { credentials: "include", headers: { "x-trpc-source": "header" } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { result?: { data?: { json?: { user?: AuthUser | null } } } };
    return body.result?.data?.json?.user ?? null;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server who is signed in. A sign-in, a sign-out or a new question while the answer is on its way wins:
 * an answer about a cookie this tab has since replaced (a password change ends the old session and sets a new
 * one) would otherwise sign the reader out here, and forget that this browser is signed in. No answer shows
 * a guest, as before, but keeps the mark: the question a password change asks, cut off by the next page, made
 * that page wait for the reader's first intent to show the session.
 */
function ask() {
  const question = ++asked;
  void fetchMe().then((user) => {
    if (question === asked) set(user ?? null, user !== undefined);
  });
}

export const authStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    if (!requested) {
      requested = true;
      ask();
    }
    return () => listeners.delete(listener);
  },
  get: () => state,
  /** Server render and hydration: unknown until the browser asks (the header reserves the space). */
  getServer: (): AuthState => ({ status: "loading", user: null }),
  signedIn: (user: AuthUser) => set(user),
  signedOut: () => set(null),
  /** The server replaced this tab's session cookie (a password change): ask again with the new one. */
  sessionRenewed: () => ask(),
};
