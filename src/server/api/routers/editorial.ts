import { z } from "zod";
import { notFound } from "~/platform/errors.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { EDITORIAL_SLUGS, getContactSettings, getEditorialPage } from "~/server/services/editorial/queries.ts";

export const editorialRouter = createTRPCRouter({
  page: publicProcedure.input(z.object({ slug: z.enum(EDITORIAL_SLUGS) })).query(async ({ ctx, input }) => {
    const page = await getEditorialPage(ctx.db, input.slug);
    if (!page) throw notFound("Page");
    return page;
  }),
  contactSettings: publicProcedure.query(({ ctx }) => getContactSettings(ctx.db)),
});
