"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, type RouterOutputs } from "~/trpc/react.tsx";
import { logoutRequest } from "./auth-api.ts";

export type AuthUser = NonNullable<RouterOutputs["auth"]["me"]["user"]>;

/**
 * The signed-in user as the client knows it: the server's answer to `auth.me` (the httpOnly cookie is the
 * source of truth), updated in place on sign-in and cleared at once on sign-out.
 */
export function useAuth() {
  const utils = api.useUtils();
  const queryClient = useQueryClient();
  const me = api.auth.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false });

  const signedIn = useCallback(
    (user: AuthUser) => {
      utils.auth.me.setData(undefined, { user });
    },
    [utils],
  );

  /** Clears the client state immediately, then tells the server; a failure there is ignored (SPEC §4). */
  const signOut = useCallback(async () => {
    queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('"admin"') });
    utils.auth.me.setData(undefined, { user: null });
    await logoutRequest();
  }, [queryClient, utils]);

  return {
    user: me.data?.user ?? null,
    status: me.isPending ? ("loading" as const) : me.data?.user ? ("authenticated" as const) : ("anonymous" as const),
    signedIn,
    signOut,
  };
}
