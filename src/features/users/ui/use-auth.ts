"use client";

import { useSyncExternalStore } from "react";
import { logoutRequest } from "./auth-api.ts";
import { authStore } from "./auth-store.ts";

/**
 * The signed-in user as the client knows it: the server's answer to `auth.me` (the httpOnly cookie is the
 * source of truth), updated in place on sign-in and cleared at once on sign-out.
 */
export function useAuth() {
  const { user, status } = useSyncExternalStore(authStore.subscribe, authStore.get, authStore.getServer);
  return {
    user,
    status,
    signedIn: authStore.signedIn,
    /** Clears the client state immediately, then tells the server; a failure there is ignored (docs/product.md §4). */
    signOut: async () => {
      authStore.signedOut();
      await logoutRequest();
    },
  };
}
