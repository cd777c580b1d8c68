import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";

export const healthRouter = createTRPCRouter({
  check: publicProcedure.query(async ({ ctx }) => {
    await ctx.db.$queryRaw`SELECT 1`;
    return { ok: true as const };
  }),
});
