import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import { enforceRateLimit } from "~/platform/security/rate-limit.ts";
import { isBlocked } from "./blocks.ts";

/** Bodies larger than this are not read here: Fedify refuses or handles them as it does without the gate. */
const MAX_READ = 256 * 1024;

const INBOX = /^\/ap\/(inbox|actors\/[^/]+\/inbox)\/?$/;

/** The signing key's id: draft-cavage's `Signature: keyId="…"` or RFC 9421's `Signature-Input: …;keyid="…"`. */
function keyIdOf(headers: Headers): string | null {
  const text = `${headers.get("signature") ?? ""} ${headers.get("signature-input") ?? ""}`;
  return /keyid="([^"]+)"/i.exec(text)?.[1] ?? null;
}

/** The activity's `actor` (a URI or an object with an id), without trusting it: Fedify verifies it next. */
async function claimedActor(request: Request): Promise<string | null> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_READ) return null;
  try {
    const text = await request.clone().text();
    if (text.length > MAX_READ) return null;
    const body = JSON.parse(text) as { actor?: unknown };
    const actor = body?.actor;
    if (typeof actor === "string") return actor;
    if (actor && typeof actor === "object" && typeof (actor as { id?: unknown }).id === "string") {
      return (actor as { id: string }).id;
    }
  } catch {
    // Not JSON: Fedify answers it.
  }
  return null;
}

const hostOf = (uri: string | null) => {
  try {
    return uri ? new URL(uri).host.toLowerCase() : null;
  } catch {
    return null;
  }
};

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "text/plain", ...headers } });

/**
 * Before Fedify reads an inbox delivery: a blocked instance or actor (by the activity's actor or the signing
 * key) gets 403, and each remote instance (the signing key's host, else the actor's) has its allowance of
 * activities a minute (the site's rate limiter, `fediverse-inbox`): over it, 429 with Retry-After. Either way
 * nothing is stored. Returns null when the request may go on.
 */
export async function inboxGate(db: DbClient, request: Request): Promise<Response | null> {
  if (request.method !== "POST" || !INBOX.test(new URL(request.url).pathname)) return null;
  const keyId = keyIdOf(request.headers);
  const actor = await claimedActor(request);
  const uris = [keyId, actor].filter((u): u is string => u !== null);
  if (await isBlocked(db, uris)) return plain(403, "Forbidden");
  const host = hostOf(keyId) ?? hostOf(actor);
  if (!host) return null; // unsigned and anonymous: Fedify answers 401
  try {
    await enforceRateLimit("fediverse-inbox", host);
  } catch (err) {
    if (err instanceof AppError && err.code === "TOO_MANY_REQUESTS") {
      return plain(429, "Too Many Requests", { "retry-after": String(err.retryAfter ?? 60) });
    }
    throw err;
  }
  return null;
}
