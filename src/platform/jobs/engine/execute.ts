import type PgBoss from "pg-boss";
import { db } from "~/platform/db/db.ts";
import { log } from "~/platform/log/logger.ts";
import { type AnyJob, describeFailure, reportFailure } from "../contract.ts";
import { beginAttempt, endAttempt } from "./attempts.ts";
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
  const attempt = await beginAttempt(runId, scope.workerId);
  const state = { cancelled: false };
  scope.active.set(runId, state);
  let payload: unknown;
  try {
    const step = await durableSteps(db, runId, { isCancelled: () => state.cancelled });
    payload = job.schema.parse(pj.data ?? {});
    const value = await job.handler(payload, {
      step,
      attempt: pj.retryCount,
      runId,
      log: (m) => log.info(`[job ${job.name}] ${m}`),
      progress: (done, total) => reportProgress(runId, done, total),
    });
    await endAttempt(runId, attempt, "completed", null);
    return value;
  } catch (err) {
    const cancelled = err instanceof JobCancelledError;
    await endAttempt(runId, attempt, cancelled ? "cancelled" : "failed", describeFailure(err, 0, 0).message).catch(
      () => undefined,
    );
    log.error(`[job ${job.name}] attempt ${pj.retryCount + 1} failed: ${(err as Error)?.message ?? err}`);
    const failure = describeFailure(err, pj.retryCount, pj.retryLimit, cancelled);
    // A non-retriable error (or a cancelled run) must end the job now: pg-boss retries while
    // retry_count < retry_limit, so the limit is lowered to the count before the failure is recorded.
    if (failure.final && pj.retryCount < pj.retryLimit) {
      await db.$executeRawUnsafe(`UPDATE ${scope.schema}.job SET retry_limit = retry_count WHERE id = $1::uuid`, runId);
    }
    // The operator's cancel already told the job (see cancelRun); a payload that did not parse has no record.
    if (!cancelled && payload !== undefined) await reportFailure(job, payload, failure);
    throw err;
  } finally {
    scope.active.delete(runId);
  }
}

/** What a job reports of its progress (a send's recipients delivered of its total), for Trabajos. */
async function reportProgress(runId: string, done: number, total: number): Promise<void> {
  await db.$executeRaw`UPDATE job_runs SET progress_done = ${done}, progress_total = ${total} WHERE id = ${runId}::uuid`;
}
