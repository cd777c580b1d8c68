import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/platform/env/live.ts";

/**
 * Newsletter links carry tokens derived, not stored: `base64url(id.generation.issued) + HMAC`, keyed with the
 * auth secret (NEXTAUTH_SECRET). The database holds nothing that would let a reader of it forge a link;
 * rotating the secret retires every link already mailed; re-subscribing bumps the subscription's
 * generation, which retires its pending confirmation links. Each mail's links carry the time they were
 * issued, so each lives for its own stated time:
 * - unsubscribe links: UNSUBSCRIBE_TOKEN_TTL_MS after the mail, whatever happened since (mailbox providers
 *   expect one-click unsubscribe to work on old mail);
 * - confirmation links: CONFIRMATION_TTL_MS after the mail, and only for the current generation.
 * Links mailed before tokens were derived are kept as SHA-256 hashes (`legacy_*_hash`) until they expire.
 */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Purpose = "unsubscribe" | "confirm";
/** The fields of a subscription a token is derived from. */
export interface TokenSubject {
  id: string;
  token_generation: number;
}
export interface TokenClaims extends TokenSubject {
  issuedAt: Date;
}

/** 24 bytes of HMAC-SHA256 in base64url: exactly 32 characters, 192 bits. */
const MAC_LENGTH = 32;

let keyOf: { secret: string; key: KeyObject } | null = null;

/** The HMAC key, prepared once per secret: a send derives one token per recipient. */
function macKey(): KeyObject {
  const secret = authSecret();
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: newsletter links cannot be signed");
  if (keyOf?.secret !== secret) keyOf = { secret, key: createSecretKey(Buffer.from(`newsletter-token:${secret}`)) };
  return keyOf.key;
}

function mac(purpose: Purpose, payload: string): string {
  return createHmac("sha256", macKey()).update(`${purpose}:${payload}`).digest().subarray(0, 24).toString("base64url");
}

function derive(purpose: Purpose, subject: TokenSubject, issuedAt: Date): string {
  const payload = `${subject.id}.${subject.token_generation.toString(36)}.${Math.floor(issuedAt.getTime() / 1000).toString(36)}`;
  return Buffer.from(payload).toString("base64url") + mac(purpose, payload);
}

/** The token of a recipient's unsubscribe links in a mail issued at `issuedAt` (one HMAC: cheap per recipient). */
export const unsubscribeToken = (subject: TokenSubject, issuedAt: Date) => derive("unsubscribe", subject, issuedAt);

/** The token of the confirmation link in a signup mail issued at `issuedAt`. */
export const confirmationToken = (subject: TokenSubject, issuedAt: Date) => derive("confirm", subject, issuedAt);

/** What a genuine token of this purpose says (forged, altered or malformed: null). Expiry is the caller's. */
export function readToken(purpose: Purpose, token: string): TokenClaims | null {
  if (token.length <= MAC_LENGTH) return null;
  const encoded = token.slice(0, -MAC_LENGTH);
  const given = Buffer.from(token.slice(-MAC_LENGTH));
  const payload = Buffer.from(encoded, "base64url").toString();
  if (Buffer.from(payload).toString("base64url") !== encoded) return null;
  const expected = Buffer.from(mac(purpose, payload));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const match = /^(.+)\.([0-9a-z]+)\.([0-9a-z]+)$/.exec(payload);
  if (!match) return null;
  return {
    id: match[1]!,
    token_generation: Number.parseInt(match[2]!, 36),
    issuedAt: new Date(Number.parseInt(match[3]!, 36) * 1000),
  };
}

/** How a token mailed before tokens were derived is stored and looked up (as sessions are: SHA-256, hex). */
export const legacyTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
