import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { isClientAbort } from "~/platform/http/client-abort.ts";
import { withUtf8JsonBody } from "~/platform/http/utf8-body.ts";
import { TRPC_MAX_BATCH_SIZE } from "~/platform/trpc/limits.ts";
import { createTRPCContext } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";

/** A body the client stopped sending: nobody is left to read the answer (the request guard logs it once). */
const abortedBody = () =>
  Response.json(
    { error: "Request body aborted", code: "BAD_REQUEST" },
    { status: 400, headers: { "cache-control": "no-store" } },
  );

const handler = async (incoming: NextRequest) => {
  // Read strictly as UTF-8: bytes that are not are refused naming their field, not stored as U+FFFD.
  const req = await withUtf8JsonBody(incoming).catch((err: unknown) => {
    if (isClientAbort(err)) return null;
    throw err;
  });
  if (!req) return abortedBody();
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    // Every call in a batch runs its own procedure: an unbounded batch multiplies whatever one request may do.
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ resHeaders }) => createTRPCContext({ headers: req.headers, resHeaders }),
  });
};

export { handler as GET, handler as POST };
