"use client";

import { useEffect } from "react";
import { HYDRATED_EVENT } from "~/platform/request-edge/intent-keys.js";

/**
 * Says that React has hydrated the page: marks <html data-hydrated> and tells the loader of a page whose
 * scripts came on intent, which then replays what the reader did before (hydrate-on-intent.js).
 */
export function HydrationSignal() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
