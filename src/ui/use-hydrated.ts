"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the render right after: what a page shows
 * before its scripts run (a form, links) can differ from what it shows with them, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
