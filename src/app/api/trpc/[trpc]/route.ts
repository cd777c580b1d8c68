import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { TRPC_MAX_BATCH_SIZE } from "~/platform/trpc/limits.ts";
import { createTRPCContext } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";

const handler = (req: NextRequest) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    // Every call in a batch runs its own procedure: an unbounded batch multiplies whatever one request may do.
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ resHeaders }) => createTRPCContext({ headers: req.headers, resHeaders }),
  });

export { handler as GET, handler as POST };
