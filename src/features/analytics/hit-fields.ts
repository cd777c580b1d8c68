import { deviceClass } from "./exclusion.ts";
import type { HitInput } from "./schema.ts";

/** One page view as stored: no address, no user agent, no full referrer URL, no query beyond two UTM keys. */
export interface HitRow {
  at: Date;
  visitor: Uint8Array<ArrayBuffer>;
  path: string;
  kind: "article" | "interview" | null;
  slug: string | null;
  lang: "es" | "en";
  referrer: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  device: "mobile" | "tablet" | "desktop";
}

const PIECE = /^\/(noticias|entrevistas)\/([^/]+)\/?$/;
// Pages that are no reader's: the admin and account pages are left out of the statistics.
const NOT_READING = /^\/(admin|login|register|password|unsubscribe)(\/|$)/;
const clip = (value: string | null, max: number) => (value ? value.trim().slice(0, max) || null : null);

/** The referrer's host, or null for none, an unreadable one or this site itself (a reader moving around). */
function referrerDomain(raw: string | undefined, ownHost: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return ownHost && host === ownHost.replace(/^www\./, "").split(":")[0] ? null : clip(host, 253);
  } catch {
    return null;
  }
}

/** A UTM key of the page's query; URLSearchParams (the costliest step of a hit) only when it may be there. */
const utm = (url: URL, key: string) =>
  url.search.includes(key) || url.search.includes("%") ? clip(url.searchParams.get(key), 100) : null;

/**
 * What a beacon's report becomes, or null when the page is not a reader's (the admin, sign-in pages). The
 * language and the piece come from the path (/en/… is English), never from what the client claims.
 */
export function hitFields(
  input: HitInput,
  ctx: { userAgent: string; ownHost: string | null; at: Date; visitor: Uint8Array<ArrayBuffer> },
): HitRow | null {
  let url: URL;
  try {
    url = new URL(input.p, "http://x");
  } catch {
    return null;
  }
  const english = url.pathname === "/en" || url.pathname.startsWith("/en/");
  const rest = english ? url.pathname.slice(3) || "/" : url.pathname;
  if (NOT_READING.test(rest)) return null;
  const piece = PIECE.exec(rest);
  let slug: string | null = null;
  try {
    slug = piece?.[2] ? decodeURIComponent(piece[2]).slice(0, 200) : null;
  } catch {
    return null;
  }
  return {
    at: ctx.at,
    visitor: ctx.visitor,
    path: url.pathname.slice(0, 512),
    kind: piece ? (piece[1] === "noticias" ? "article" : "interview") : null,
    slug,
    lang: english ? "en" : "es",
    referrer: referrerDomain(input.r, ctx.ownHost),
    utm_source: utm(url, "utm_source"),
    utm_campaign: utm(url, "utm_campaign"),
    device: deviceClass(ctx.userAgent),
  };
}
