import type { DbClient } from "~/platform/db/client.ts";
import type { JobStep } from "../../define-job.ts";

/** Thrown inside a run once an operator cancelled it: the run stops before its next step. */
export class JobCancelledError extends Error {
  override name = "JobCancelledError";
}

/**
 * `step.run` backed by PostgreSQL: a step's result is stored when it succeeds (job_steps), and a later
 * attempt of the same run (retry, crash recovery, operator retry) returns the stored result instead of
 * running the step again. The finished steps of the run are read once, so resuming a send of thousands of
 * batches costs one query.
 */
export async function durableSteps(
  db: DbClient,
  runId: string,
  opts: { isCancelled: () => boolean },
): Promise<Omit<JobStep, "sendEvent">> {
  const rows = await db.jobStep.findMany({ where: { run_id: runId }, select: { step_id: true, output: true } });
  const done = new Map<string, unknown>(rows.map((r) => [r.step_id, r.output]));
  return {
    async run<T>(id: string, fn: () => Promise<T>): Promise<T> {
      if (done.has(id)) return done.get(id) as T;
      if (opts.isCancelled()) throw new JobCancelledError("cancelled by an operator");
      await db.jobRun.update({ where: { id: runId }, data: { step: id } });
      const value = await fn();
      // JSON round trip: what a resumed run reads back is exactly what this run stored.
      const output = value === undefined ? null : JSON.parse(JSON.stringify(value));
      await db.$executeRaw`INSERT INTO job_steps (run_id, step_id, output) VALUES (${runId}::uuid, ${id}, ${JSON.stringify(output)}::jsonb)
        ON CONFLICT (run_id, step_id) DO NOTHING`;
      done.set(id, output);
      return value;
    },
  };
}
