import type { z } from "zod";
import { inngest, inngestConfigured } from "./client.ts";
import type { Job, PayloadSchema } from "./contract.ts";
import { getEngine, runIdFor, sendOptions } from "./engine/engine.ts";
import type { SqlExecutor } from "./live-runs.ts";

export { backoffMs } from "./engine/engine.ts";

interface EnqueueOptions {
  /** Deduplication id: the same id does not start the job again (Inngest keeps it 24 h, the engine a day too). */
  id?: string;
  /**
   * The caller's transaction (see transactionExecutor): the engine's job row is inserted by it, so the job
   * exists if and only if the transaction commits. Workers hear of it on their next poll, or at once after
   * `wakeWorkers(job)` once committed. Ignored under Inngest, whose event leaves at once.
   */
  db?: SqlExecutor;
  /** Run no earlier than this many seconds from now (pg-boss's startAfter; a future event time under Inngest). */
  delaySeconds?: number;
}

/** Starts the engine and the job's queue, outside any transaction (no-op under Inngest). */
export async function prepareJob(job: Job<PayloadSchema>): Promise<void> {
  if (inngestConfigured) return;
  await (await getEngine()).ensure(job);
}

/** Tells this process's workers of a job enqueued in a transaction that has now committed. */
export async function wakeWorkers(job: Job<PayloadSchema>): Promise<void> {
  if (inngestConfigured) return;
  (await getEngine()).notify(job.name);
}

/**
 * The app's one way to start a job: sends the job's event to Inngest when configured; otherwise inserts it
 * into the embedded engine's queue (pg-boss on our PostgreSQL), where a worker of any instance runs it
 * durably. Resolves once the job is stored, with the engine's run id (null when the id was already used).
 */
export async function enqueue<S extends PayloadSchema>(
  job: Job<S>,
  payload: z.input<S>,
  opts: EnqueueOptions = {},
): Promise<{ mode: "inngest" | "engine"; runId: string | null }> {
  const data = job.schema.parse(payload);
  if (inngestConfigured) {
    await inngest.send({
      name: job.name,
      data,
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.delaySeconds ? { ts: Date.now() + opts.delaySeconds * 1000 } : {}),
    });
    return { mode: "inngest", runId: null };
  }
  const engine = await getEngine();
  await engine.ensure(job);
  const runId = await engine.boss.send(job.name, data, {
    ...sendOptions(job),
    ...(opts.id ? { id: runIdFor(job.name, opts.id) } : {}),
    ...(opts.db ? { db: opts.db } : {}),
    ...(opts.delaySeconds ? { startAfter: opts.delaySeconds } : {}),
  });
  if (!opts.db && !opts.delaySeconds) engine.notify(job.name);
  return { mode: "engine", runId };
}
