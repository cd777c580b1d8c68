import type { z } from "zod";
import { type JobsProvider, jobsProvider } from "./choose-engine.ts";
import type { Job, PayloadSchema } from "./define-job.ts";
import type { EnqueueOptions, JobsPort, QueuedRun } from "./engine-port.ts";
import { embeddedPort } from "./engines/embedded.ts";
import { inngestPort } from "./engines/inngest.ts";

export type { JobsProvider } from "./choose-engine.ts";
export type { EnqueueOptions, JobsPort, LiveRun, QueuedRun } from "./engine-port.ts";
export { backoffMs } from "./engines/embedded/engine-api.ts";
export { claimScheduleSlot, nextFire, previousFire } from "./schedules.ts";

/**
 * The jobs client: the one file features use to start, wake, cancel and list jobs and read schedules. It holds
 * the two engines (one file each in engines/) and uses the one choose-engine.ts picked for this process.
 */
const ports: Record<JobsProvider, JobsPort> = { embedded: embeddedPort, inngest: inngestPort };

/** The port of a provider (tests reach both; the app uses `jobs`). */
export const portOf = (provider: JobsProvider): JobsPort => ports[provider];

/**
 * The app's jobs, whichever engine JOBS_PROVIDER chose for this process (choose-engine.ts): enqueue, cancel,
 * live runs, schedules.
 */
export const jobs: JobsPort = ports[jobsProvider];

/** Starts the job's queue, outside any transaction (no-op under Inngest). */
export const prepareJob = (job: Job<PayloadSchema>): Promise<void> => jobs.prepare(job);

/** Tells this process's workers of a job enqueued in a transaction that has now committed. */
export const wakeWorkers = (job: Job<PayloadSchema>): Promise<void> => jobs.wake(job);

/**
 * The app's one way to start a job: an event to Inngest, or a row in the embedded engine's queue (pg-boss on
 * our PostgreSQL), where a worker of any instance runs it durably. Resolves once the job is stored, with the
 * engine's run id when known and whether the id was already used.
 */
export async function enqueue<S extends PayloadSchema>(job: Job<S>, payload: z.input<S>, opts: EnqueueOptions = {}) {
  return jobs.enqueue(job, job.schema.parse(payload), opts);
}

/** Many runs of one job stored at once (a fan-out's chunk), each payload checked as enqueue checks it. */
export async function enqueueMany<S extends PayloadSchema>(
  job: Job<S>,
  items: readonly { payload: z.input<S>; opts?: QueuedRun<S>["opts"] }[],
): Promise<void> {
  await jobs.enqueueMany(
    job,
    items.map((i) => ({ payload: job.schema.parse(i.payload), ...(i.opts ? { opts: i.opts } : {}) })),
  );
}
