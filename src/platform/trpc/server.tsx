import "server-only";

import { createHydrationHelpers } from "@trpc/react-query/rsc";
import { headers } from "next/headers";
import { cache } from "react";
import { createInnerContext, createTRPCContext } from "~/platform/trpc/trpc.ts";
import { type AppRouter, createCaller } from "~/server/api/root.ts";
import { createQueryClient } from "./query-client.ts";

/** Per-request caller for dynamic server components (reads the session from cookies). */
const createContext = cache(async () => {
  const heads = new Headers(await headers());
  heads.set("x-trpc-source", "rsc");
  return createTRPCContext({ headers: heads });
});

const getQueryClient = cache(createQueryClient);
const caller = createCaller(createContext);

export const { trpc: api, HydrateClient } = createHydrationHelpers<AppRouter>(caller, getQueryClient);

/**
 * Anonymous caller that touches no request data, so statically generated / cached public pages can use it
 * (a public procedure answers the same for everyone).
 */
export const publicApi = createCaller(() => createInnerContext({ session: null }));
