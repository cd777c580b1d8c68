import { SESSION_COOKIES } from "../auth/cookie-names.js";

/**
 * Which requests Next answers with a stored reader page alone, whoever sends them: the ones the server's page
 * fast path (scripts/page-fast-path.ts) may answer from what Next sent for the same request before. Plain
 * JavaScript: next.config.mjs reads ACTIVITY_ACCEPT for its fediverse rewrite.
 */

/** The Accept of a fediverse server asking an article page for its ActivityStreams object (a rewrite). */
export const ACTIVITY_ACCEPT = "application/(activity\\+json|ld\\+json)";
const ACTIVITY = new RegExp(ACTIVITY_ACCEPT);

/**
 * Request headers on which Next answers otherwise: its router's (RSC payloads, prefetches, segments, server
 * actions, the intercepting routes' Next-Url), conditional and partial requests, on-demand revalidation, the
 * proxy's internal ones; and a body.
 */
const ANSWERED_OTHERWISE =
  /^(?:rsc|next-.+|x-nextjs-.+|x-next-.+|x-prerender-.+|x-middleware-.+|x-invoke-.+|x-now-.+|x-matched-path|x-vercel-.+|purpose|sec-purpose|if-.+|range|content-length|transfer-encoding|upgrade)$/;

/**
 * Cookies that change the answer: a session (its pages are private: cache-headers.js) and the remembered
 * language (the bare root then runs the proxy: src/proxy.ts; its name is LOCALE_COOKIE's, src/platform/i18n).
 */
const ANSWER_COOKIES = new Set([...SESSION_COOKIES, "NEXT_LOCALE"]);

/** @param {string | undefined} header */
function hasAnswerCookie(header) {
  if (!header) return false;
  return header.split(";").some((pair) => ANSWER_COOKIES.has(pair.split("=", 1)[0]?.trim() ?? ""));
}

/**
 * A plain document GET or HEAD: a page's path (no dot: files are not pages, as in cache-headers.js's
 * PAGE_SOURCES) without a query or a percent-escape (those may run the proxy), none of Next's own headers, no
 * cookie that changes the answer, not a fediverse server's Accept.
 * @param {{ method?: string; url?: string; headers: Record<string, string | string[] | undefined> }} req
 */
export function plainDocumentRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  if (!url.startsWith("/") || url.startsWith("//") || /[?%#.]/.test(url)) return false;
  if (url.startsWith("/_next/") || url.startsWith("/api/")) return false;
  for (const name in req.headers) if (ANSWERED_OTHERWISE.test(name)) return false;
  const { accept, cookie } = req.headers;
  if (typeof accept === "string" && ACTIVITY.test(accept)) return false;
  return !hasAnswerCookie(typeof cookie === "string" ? cookie : undefined);
}
