import type { z } from "zod";
import type { Job, PayloadSchema } from "~/platform/jobs/define-job.ts";
import { getEngine, runIdFor } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the embedded engine of this test process has no job due, retrying or running (a run scheduled
 * for later, enqueued with a delay, is left waiting). With
 * `skipBackoff`, a run waiting out its retry delay is made due at once: pg-boss counts delays in whole seconds
 * (1 + 2 + … + 32 s for six retries), which a test of what happens once retries run out need not sit through.
 */
export async function settleJobs(timeoutMs = 120_000, { skipBackoff = false } = {}): Promise<void> {
  const engine = await getEngine();
  const sql = (text: string) => engine.boss.getDb().executeSql(text, []);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (skipBackoff)
      await sql(`UPDATE ${engine.schema}.job SET start_after = now() WHERE state = 'retry' AND start_after > now()`);
    // A run created with a delay (a replaced image's deletion waits out its grace period) is not pending work
    // yet: waiting for it would sit out the delay. Runs in retry still count: their backoff ends in seconds.
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM ${engine.schema}.job
        WHERE state < 'completed' AND NOT (state = 'created' AND start_after > now())`,
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Runs a job through the engine (enqueue → a worker → retries with backoff) and waits for its end: resolves
 * with the handler's result, or throws the error of its last attempt once it failed.
 */
export async function runJob<S extends PayloadSchema>(job: Job<S>, payload: z.input<S>): Promise<unknown> {
  const { runId } = await enqueue(job, payload);
  if (!runId) throw new Error("the engine did not accept the job");
  const engine = await getEngine();
  for (;;) {
    const row = await engine.boss.getJobById<object>(job.name, runId, { includeArchive: true });
    if (row?.state === "completed") return (row.output as { value?: unknown } | null)?.value ?? row.output;
    if (row?.state === "failed" || row?.state === "cancelled")
      throw new Error((row.output as { message?: string } | null)?.message ?? row.state);
    await sleep(100);
  }
}

/**
 * Waits until the engine's run that `enqueue(job, …, { id: key })` started is in `state` (e.g. "retry": failed
 * once and waiting in its backoff); resolves with the run's id.
 */
export async function waitForRunState(job: Job, key: string, state: string, timeoutMs = 30_000): Promise<string> {
  const engine = await getEngine();
  const runId = runIdFor(job.name, key);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await engine.boss.getJobById<object>(job.name, runId, { includeArchive: true });
    if (row?.state === state) return runId;
    if (Date.now() > deadline) throw new Error(`run ${runId} is ${row?.state ?? "missing"}, not ${state}`);
    await sleep(50);
  }
}
