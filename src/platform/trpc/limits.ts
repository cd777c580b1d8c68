/** The most calls one batched tRPC request may carry: the server refuses more (400), the client splits there. */
export const TRPC_MAX_BATCH_SIZE = 10;
