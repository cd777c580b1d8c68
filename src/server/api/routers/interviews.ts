import { z } from "zod";
import { notFound } from "~/platform/errors.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import { getFeaturedInterview, getInterview, listInterviews } from "~/server/services/interviews/queries.ts";
import { slugSchema } from "~/shared/schemas/common.ts";

export const interviewsRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ topic: z.string().max(60).optional(), limit: z.number().int().min(1).max(100).optional() }))
    .query(({ ctx, input }) => listInterviews(ctx.db, input)),
  featured: publicProcedure.query(({ ctx }) => getFeaturedInterview(ctx.db)),
  bySlug: publicProcedure.input(z.object({ slug: slugSchema })).query(async ({ ctx, input }) => {
    const interview = await getInterview(ctx.db, input.slug);
    if (!interview) throw notFound("Interview");
    return interview;
  }),
});
