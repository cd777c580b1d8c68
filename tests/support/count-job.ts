import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";

/** A job that records each execution (run id + process id) as a row, for the several-instances test. */
export const countJob = defineJob({
  name: "test/count-executions",
  schema: z.object({ n: z.number() }),
  retries: 0,
  handler: async (_p, { runId }) => {
    await db.$executeRaw`INSERT INTO job_steps (run_id, step_id, output)
      VALUES (${runId}::uuid, ${`exec-${process.pid}`}, 'null'::jsonb)`;
    await new Promise((r) => setTimeout(r, 50));
  },
});
