import { isbot } from "isbot";

/** Headers browsers send when they fetch a page ahead of the reader (link prefetch, speculative prerender). */
export function isPrefetch(headers: Headers): boolean {
  const purpose = [headers.get("sec-purpose"), headers.get("purpose"), headers.get("x-purpose"), headers.get("x-moz")];
  return purpose.some((p) => p !== null && /prefetch|prerender|preview/i.test(p));
}

/** A crawler, a monitor or a script (curl, wget, HTTP libraries): isbot's list, and no user agent at all. */
export function isAutomated(headers: Headers): boolean {
  const ua = headers.get("user-agent")?.trim() ?? "";
  return ua === "" || isbot(ua);
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
