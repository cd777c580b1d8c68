import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { searchContent } from "~/server/services/search/search.ts";
import { searchHitSchema, searchInputSchema } from "~/shared/schemas/public-content.ts";

export const searchRouter = createTRPCRouter({
  query: publicProcedure
    .input(searchInputSchema)
    .output(searchHitSchema.array())
    .query(({ ctx, input }) => searchContent(ctx.db, input)),
});
