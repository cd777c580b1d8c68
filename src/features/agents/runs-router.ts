import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { countRunsToday, getRun, listRuns } from "./runs.ts";
import { agentIdSchema, agentRunSchema } from "./schema.ts";

/** The language the logs are shown in: the admin's (Spanish when not said). */
const logLocale = z.enum(["es", "en"]).optional();

export const adminRunsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/agent-runs", tags: ["agents"], summary: "Latest agent runs" } })
    .input(z.object({ locale: logLocale }).optional())
    .output(z.array(agentRunSchema))
    .query(({ ctx, input }) => listRuns(ctx.db, 50, input?.locale)),
  byId: adminProcedure
    .input(agentIdSchema.extend({ locale: logLocale }))
    .output(agentRunSchema)
    .query(({ ctx, input }) => getRun(ctx.db, input.id, input.locale)),
  /** 'Ejecuciones Hoy' (Europe/Madrid day). */
  stats: adminProcedure
    .output(z.object({ today: z.number() }))
    .query(async ({ ctx }) => ({ today: await countRunsToday(ctx.db, new Date()) })),
});
