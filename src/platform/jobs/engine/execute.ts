import type PgBoss from "pg-boss";
import { db } from "~/platform/db/db.ts";
import type { AnyJob } from "../contract.ts";
import { durableSteps, JobCancelledError } from "./steps.ts";

export interface RunScope {
  boss: PgBoss;
  schema: string;
  workerId: string;
  active: Map<string, { cancelled: boolean }>;
}

/**
 * One attempt of one run, as pg-boss hands it to a worker: the run is marked as ours (job_runs), its
 * finished steps are read back, the handler runs. A resolved handler completes the pg-boss job with its
 * result; a thrown error fails it, and pg-boss retries it with backoff until the job's retries run out.
 */
export async function executeRun(scope: RunScope, job: AnyJob, pj: PgBoss.JobWithMetadata<object>): Promise<unknown> {
  const runId = pj.id;
  await db.$executeRaw`INSERT INTO job_runs (id, name, worker_id) VALUES (${runId}::uuid, ${job.name}, ${scope.workerId})
    ON CONFLICT (id) DO UPDATE SET worker_id = EXCLUDED.worker_id, heartbeat_at = now()`;
  const state = { cancelled: false };
  scope.active.set(runId, state);
  try {
    const step = await durableSteps(db, runId, { isCancelled: () => state.cancelled });
    const payload = job.schema.parse(pj.data ?? {});
    return await job.handler(payload, {
      step,
      attempt: pj.retryCount,
      runId,
      log: (m) => console.log(`[job ${job.name}] ${m}`),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    console.error(`[job ${job.name}] attempt ${pj.retryCount + 1} failed: ${(err as Error)?.message ?? err}`);
    // A non-retriable error (or a cancelled run) must end the job now: pg-boss retries while
    // retry_count < retry_limit, so the limit is lowered to the count before the failure is recorded.
    if (name === "NonRetriableError" || err instanceof JobCancelledError) {
      await db.$executeRawUnsafe(`UPDATE ${scope.schema}.job SET retry_limit = retry_count WHERE id = $1::uuid`, runId);
    }
    throw err;
  } finally {
    scope.active.delete(runId);
  }
}
