import { z } from "zod";
import { emptyInputSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { cancelJob, listJobs, retryJob } from "./admin.ts";
import { jobRunIdInputSchema, jobsOverviewSchema } from "./schema.ts";

const actionOutput = z.object({ success: z.boolean(), status: z.enum(["retrying", "cancelled"]) });

/** Admin › Trabajos: background runs and schedules, retry a failed run from its failed step, cancel one. */
export const adminJobsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/jobs", tags: ["admin"], summary: "Background job runs and schedules" },
    })
    .input(emptyInputSchema.optional())
    .output(jobsOverviewSchema)
    .query(({ ctx }) => listJobs(ctx.db)),
  retry: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/jobs/{id}/retry",
        tags: ["admin"],
        summary: "Resume a failed run from its failed step",
      },
      audit: { action: "job.retry", target: "job" },
    })
    .input(jobRunIdInputSchema)
    .output(actionOutput)
    .mutation(({ input }) => retryJob(input.id)),
  cancel: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/jobs/{id}/cancel", tags: ["admin"], summary: "Cancel a run" },
      audit: { action: "job.cancel", target: "job" },
    })
    .input(jobRunIdInputSchema)
    .output(actionOutput)
    .mutation(({ input }) => cancelJob(input.id)),
});
