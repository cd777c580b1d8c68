import type { z } from "zod";
import { env } from "~/env.js";
import { inngest, inngestConfigured } from "./client.ts";
import type { Job, JobStep, PayloadSchema } from "./contract.ts";

export interface EnqueueOptions {
  /** Deduplication id (Inngest keeps it 24 h; in-process it is kept for the life of the process). */
  id?: string;
}

const inFlight = new Map<string, Promise<unknown>>();
/** Delay before retry `attempt + 1`: JOB_RETRY_BASE_MS (500 ms) doubled per attempt, at most 30 s. */
export const backoffMs = (attempt: number) => Math.min(30_000, (env.JOB_RETRY_BASE_MS ?? 500) * 2 ** attempt);

/**
 * Sends the job's event to Inngest when configured; otherwise runs the same handler in this process, in the
 * background, with the job's retries and exponential backoff. Steps that succeeded are not re-run on retry,
 * as under Inngest. (In-process runs are not durable: a restart loses a run in progress.)
 */
export async function enqueue<S extends PayloadSchema>(
  job: Job<S>,
  payload: z.input<S>,
  opts: EnqueueOptions = {},
): Promise<{ mode: "inngest" | "in-process" }> {
  const data = job.schema.parse(payload);
  if (inngestConfigured) {
    await inngest.send({ name: job.name, data, ...(opts.id ? { id: opts.id } : {}) });
    return { mode: "inngest" };
  }
  const key = opts.id ? `${job.name}:${opts.id}` : undefined;
  if (key && inFlight.has(key)) return { mode: "in-process" };
  const run = runInProcess(job, data).finally(() => {
    if (!key) return;
    // Keep the id for a while so a repeated enqueue does not start the job again.
    setTimeout(() => inFlight.delete(key), 24 * 60 * 60 * 1000).unref?.();
  });
  if (key) inFlight.set(key, run);
  run.catch(() => {});
  return { mode: "in-process" };
}

/** Runs a job to completion in this process (also used by tests). Throws the last error when exhausted. */
export async function runInProcess<S extends PayloadSchema, R>(
  job: Job<S, R>,
  data: z.output<S>,
  opts: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<R> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const memo = new Map<string, unknown>();
  const step: JobStep = {
    async run(id, fn) {
      if (memo.has(id)) return memo.get(id) as never;
      const value = await fn();
      memo.set(id, value);
      return value;
    },
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await job.handler(data, { step, attempt, log: (m) => console.log(`[job ${job.name}] ${m}`) });
    } catch (err) {
      const final = attempt >= job.retries || (err as Error)?.name === "NonRetriableError";
      console.error(
        `[job ${job.name}] attempt ${attempt + 1} failed${final ? " (giving up)" : ""}: ${(err as Error).message}`,
      );
      if (final) throw err;
      await sleep(backoffMs(attempt));
    }
  }
}

/** Waits for in-process jobs started with an id (tests, graceful shutdown). */
export const settleInProcessJobs = () => Promise.allSettled([...inFlight.values()]);
