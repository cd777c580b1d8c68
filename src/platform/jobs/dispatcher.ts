import type { z } from "zod";
import { inngest, inngestConfigured } from "./client.ts";
import type { Job, PayloadSchema } from "./contract.ts";
import { getEngine, runIdFor, sendOptions } from "./engine/engine.ts";

export { backoffMs } from "./engine/engine.ts";

interface EnqueueOptions {
  /** Deduplication id: the same id does not start the job again (Inngest keeps it 24 h, the engine a day too). */
  id?: string;
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
    await inngest.send({ name: job.name, data, ...(opts.id ? { id: opts.id } : {}) });
    return { mode: "inngest", runId: null };
  }
  const engine = await getEngine();
  await engine.ensure(job);
  const runId = await engine.boss.send(job.name, data, {
    ...sendOptions(job),
    ...(opts.id ? { id: runIdFor(job.name, opts.id) } : {}),
  });
  engine.notify(job.name);
  return { mode: "engine", runId };
}
