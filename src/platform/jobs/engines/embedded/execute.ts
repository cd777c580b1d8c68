import type PgBoss from "pg-boss";
import { db } from "~/platform/db/db.ts";
import { type AnyJob, describeFailure, type JobStep, NonRetriableError, reportFailure } from "../../define-job.ts";
import { registeredJobs } from "../../job-registry.ts";
import { jobsLog } from "../../log.ts";
import { beginAttempt, endAttempt } from "./attempts.ts";
import { runIdFor, sendOptions } from "./engine-api.ts";
import { durableSteps, JobCancelledError } from "./steps.ts";

export interface RunScope {
  boss: PgBoss;
  schema: string;
  workerId: string;
  active: Map<string, { cancelled: boolean }>;
  /** Readies a job's queue and workers, and wakes them (the engine's `ensure` and `notify`). */
  ensure: (job: AnyJob) => Promise<void>;
  notify: (name: string) => void;
}

type FanOut = Parameters<JobStep["sendEvent"]>[1];

/** A fan-out on the engine: each event enqueues its job (a registered one) in the step that sends them. */
async function enqueueEvents(scope: RunScope, events: FanOut) {
  const ids: (string | null)[] = [];
  for (const e of events) {
    const job = registeredJobs().find((j) => j.name === e.name);
    if (!job) throw new NonRetriableError(`no job is registered for the event ${e.name}`);
    await scope.ensure(job);
    const id = e.id ? { id: runIdFor(job.name, e.id) } : {};
    ids.push(await scope.boss.send(job.name, job.schema.parse(e.data), { ...sendOptions(job), ...id }));
    scope.notify(job.name);
  }
  return { ids };
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
    const durable = await durableSteps(db, runId, { isCancelled: () => state.cancelled });
    const step: JobStep = {
      ...durable,
      sendEvent: (id, events) => durable.run(id, () => enqueueEvents(scope, events)),
    };
    payload = job.schema.parse(pj.data ?? {});
    const value = await job.handler(payload, {
      step,
      attempt: pj.retryCount,
      runId,
      log: (m) => jobsLog.info({ job: job.name }, m),
      progress: (done, total) => reportProgress(runId, done, total),
    });
    await endAttempt(runId, attempt, "completed", null);
    return value;
  } catch (err) {
    const cancelled = err instanceof JobCancelledError;
    await endAttempt(runId, attempt, cancelled ? "cancelled" : "failed", describeFailure(err, 0, 0).message).catch(
      () => undefined,
    );
    jobsLog.error({ job: job.name, attempt: pj.retryCount + 1, err }, "attempt failed");
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
