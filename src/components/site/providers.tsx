"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { Toaster } from "sonner";

/**
 * Client-side providers shared by every page: the next-auth session (useSession) and the toast area.
 * Toasts follow SPEC §4: one visible at a time (the newest covers the previous), 5000 ms, hotkey F8.
 * Swipe-to-dismiss uses sonner's fixed 45 px threshold (the spec's 50 px is not configurable there).
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      {children}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={["F8"]}
        swipeDirections={["right", "left"]}
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{ className: "font-sans" }}
      />
    </SessionProvider>
  );
}
