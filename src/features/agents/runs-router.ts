import { z } from "zod";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { countRunsToday, getRun, listRuns } from "./runs.ts";
import { agentIdSchema, agentRunSchema } from "./schema.ts";

export const adminRunsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/agent-runs", tags: ["agents"], summary: "Latest agent runs" } })
    .input(z.object({}).optional())
    .output(z.array(agentRunSchema))
    .query(({ ctx }) => listRuns(ctx.db)),
  byId: adminProcedure
    .input(agentIdSchema)
    .output(agentRunSchema)
    .query(({ ctx, input }) => getRun(ctx.db, input.id)),
  /** 'Ejecuciones Hoy' (Europe/Madrid day). */
  stats: adminProcedure
    .output(z.object({ today: z.number() }))
    .query(async ({ ctx }) => ({ today: await countRunsToday(ctx.db) })),
});
