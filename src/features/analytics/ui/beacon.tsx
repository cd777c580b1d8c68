"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { postJson } from "~/ui/post-json.ts";
import { HIT_PATH } from "../hit-path.ts";

// The referrer is the one that brought the reader to the site: sent with the first view only, not with the
// views of the client-side navigations that follow.
let firstView = true;

function send() {
  // The page's own loader reported this view before its scripts came (platform/request-edge/hydrate-on-intent.js).
  const path = location.pathname + location.search;
  const root = document.documentElement;
  if (firstView && root.getAttribute("data-view-sent") === path) {
    root.removeAttribute("data-view-sent");
    firstView = false;
    return;
  }
  const hit = { p: path, r: firstView ? document.referrer : "" };
  firstView = false;
  // text/plain needs no preflight; the endpoint reads the body as JSON. A failure never touches the page.
  if (!navigator.sendBeacon?.(HIT_PATH, new Blob([JSON.stringify(hit)], { type: "text/plain" })))
    postJson(HIT_PATH, hit, { keepalive: true }).catch(() => {});
}

/**
 * The analytics beacon: one report per page view, from the browser, so pages served from a cache count too.
 * No cookie and no storage on the device. A page the browser prerenders reports only once it is shown.
 */
export function AnalyticsBeacon() {
  const path = usePathname();
  useEffect(() => {
    if (!path) return;
    if ((document as Document & { prerendering?: boolean }).prerendering)
      document.addEventListener("prerenderingchange", send, { once: true });
    else send();
  }, [path]);
  return null;
}
