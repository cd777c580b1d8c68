import { searchHitSchema, searchInputSchema } from "~/features/articles/schema.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { searchContent } from "./search.ts";

export const searchRouter = createTRPCRouter({
  query: publicProcedure
    .input(searchInputSchema)
    .output(searchHitSchema.array())
    .query(({ ctx, input }) => searchContent(ctx.db, input)),
});
