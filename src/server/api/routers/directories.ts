import { z } from "zod";
import { notFound } from "~/platform/errors.ts";
import { createTRPCRouter, publicProcedure } from "~/platform/trpc/trpc.ts";
import {
  getReferent,
  listApplications,
  listCompanies,
  listReferents,
  listResources,
} from "~/server/services/directories/queries.ts";
import { slugSchema } from "~/shared/schemas/common.ts";

const facet = z.string().max(60).optional();
const limit = z.number().int().min(1).max(100).optional();

export const directoriesRouter = createTRPCRouter({
  referents: publicProcedure
    .input(z.object({ focus: facet, limit }))
    .query(({ ctx, input }) => listReferents(ctx.db, input)),
  referent: publicProcedure.input(z.object({ slug: slugSchema })).query(async ({ ctx, input }) => {
    const referent = await getReferent(ctx.db, input.slug);
    if (!referent) throw notFound("Referent");
    return referent;
  }),
  companies: publicProcedure.input(z.object({ type: facet })).query(({ ctx, input }) => listCompanies(ctx.db, input)),
  applications: publicProcedure
    .input(z.object({ category: facet, limit }))
    .query(({ ctx, input }) => listApplications(ctx.db, input)),
  resources: publicProcedure.input(z.object({ type: facet })).query(({ ctx, input }) => listResources(ctx.db, input)),
});
