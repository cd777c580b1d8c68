import { isbot } from "isbot";

/** Headers browsers send when they fetch a page ahead of the reader (link prefetch, speculative prerender). */
export function isPrefetch(headers: Headers): boolean {
  const purpose = [headers.get("sec-purpose"), headers.get("purpose"), headers.get("x-purpose"), headers.get("x-moz")];
  return purpose.some((p) => p !== null && /prefetch|prerender|preview/i.test(p));
}

/**
 * isbot's verdict per user agent: its pattern costs ~50 µs a match, and readers' agents repeat (a few hundred
 * browser builds make most traffic). Bounded: emptied when full, so odd agents cannot grow it.
 */
const botVerdicts = new Map<string, boolean>();
const BOT_VERDICTS_KEPT = 5000;

function isBotAgent(ua: string): boolean {
  let verdict = botVerdicts.get(ua);
  if (verdict === undefined) {
    verdict = isbot(ua);
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear();
    botVerdicts.set(ua, verdict);
  }
  return verdict;
}

/** A crawler, a monitor or a script (curl, wget, HTTP libraries): isbot's list, and no user agent at all. */
export function isAutomated(headers: Headers): boolean {
  const ua = headers.get("user-agent")?.trim() ?? "";
  return ua === "" || isBotAgent(ua);
}

/** Whether a request may count as a reader's: a GET by a browser, not a prefetch. */
export function countable(req: Request): boolean {
  return req.method === "GET" && !isAutomated(req.headers) && !isPrefetch(req.headers);
}

/** Device class from the user agent (the agent itself is never stored). */
export function deviceClass(userAgent: string): "mobile" | "tablet" | "desktop" {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}
