import type { z } from "zod";
import type { Job, PayloadSchema } from "./contract.ts";
import { jobs } from "./jobs-port.ts";
import type { EnqueueOptions } from "./port.ts";

export { backoffMs } from "./engine/engine-api.ts";

/** Starts the job's queue, outside any transaction (no-op under Inngest). */
export const prepareJob = (job: Job<PayloadSchema>): Promise<void> => jobs.prepare(job);

/** Tells this process's workers of a job enqueued in a transaction that has now committed. */
export const wakeWorkers = (job: Job<PayloadSchema>): Promise<void> => jobs.wake(job);

/**
 * The app's one way to start a job, through the jobs port: an event to Inngest, or a row in the embedded
 * engine's queue (pg-boss on our PostgreSQL), where a worker of any instance runs it durably. Resolves once
 * the job is stored, with the provider's run id when known and whether the id was already used.
 */
export async function enqueue<S extends PayloadSchema>(job: Job<S>, payload: z.input<S>, opts: EnqueueOptions = {}) {
  return jobs.enqueue(job, job.schema.parse(payload), opts);
}
