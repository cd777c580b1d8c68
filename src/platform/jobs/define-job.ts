import { eventType, StepError } from "inngest";
import type { z } from "zod";
import { jobsLog } from "./log.ts";

export { NonRetriableError } from "inngest";

/** The subset of Inngest's step tools a job uses, so the same handler runs under Inngest or the embedded engine. */
export interface JobStep {
  /** A memoised, individually retried unit of work: once it succeeds it is not run again for this job. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Starts other jobs' runs as one memoised step (a fan-out: each run with its own steps and retries), on
   * either provider: events to Inngest, or the named jobs enqueued on the embedded engine (`id` deduplicates).
   */
  sendEvent: (id: string, events: { name: string; data: Record<string, unknown>; id?: string }[]) => Promise<unknown>;
}

interface JobContext {
  step: JobStep;
  /** 0 on the first attempt. */
  attempt: number;
  /** The run's id (the engine's job id, or Inngest's run id): the same across the attempts of one run. */
  runId: string;
  log: (message: string) => void;
  /** Reports how far the run is (e.g. recipients delivered of the total); shown in Trabajos. */
  progress?: (done: number, total: number) => Promise<void>;
}

/** What the runtime tells a job about a failed attempt (see `onFailure`). */
export interface JobFailure {
  /** The error as thrown (under Inngest, a step's final error arrives as a StepError with its name and message). */
  error: unknown;
  message: string;
  /** The attempt that failed, 0 for the first. */
  attempt: number;
  /** No attempt follows: the run ends failed (or cancelled). */
  final: boolean;
  /** An operator cancelled the run (admin › Trabajos). */
  cancelled: boolean;
}

export type PayloadSchema = z.ZodObject<z.ZodRawShape>;

interface JobDefinition<S extends PayloadSchema, R> {
  /** Event name and function id, e.g. "agents/run.requested". */
  name: string;
  schema: S;
  /** Attempts after the first (Inngest `retries`). */
  retries: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  /**
   * Called by the runtime (the embedded engine and the Inngest adapter alike) after an attempt fails. With
   * `failure.final` the run is over — its last attempt failed, a step ran out of retries, the error was
   * non-retriable, or an operator cancelled it — and this is where the job marks its own record failed.
   * Runs at most once per final failure; it must be idempotent (a crash may repeat it).
   */
  onFailure?: (payload: z.output<S>, failure: JobFailure) => Promise<void>;
  /**
   * Also run on this schedule (Inngest's syntax: "TZ=Europe/Madrid 0 8 * * 5", or "* * * * *" in UTC), on
   * the embedded engine and under Inngest. A scheduled run gets the payload `{}`.
   */
  cron?: string;
  /** At start, run once for the latest fire missed while the site was down (payload `{ slot }`). */
  catchUp?: boolean;
  /**
   * Runs of this job at once in each process of the embedded engine (default 2). A job that mostly waits on
   * another server (a delivery to a fediverse inbox) takes more; Inngest runs them as wide as it is allowed.
   */
  workers?: number;
}

export interface Job<S extends PayloadSchema = PayloadSchema, R = unknown> extends JobDefinition<S, R> {
  event: ReturnType<typeof eventType>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
export type AnyJob = Job<any, any>;

/** A job is data: name + zod payload + handler. Inngest functions and the embedded engine wrap it. */
export function defineJob<S extends PayloadSchema, R>(def: JobDefinition<S, R>): Job<S, R> {
  return { ...def, event: eventType(def.name, { schema: def.schema as never }) };
}

/**
 * The one "final attempt" rule: an attempt ends the run when it was the last one the job allows, when a step
 * ran out of its own retries (Inngest hands the handler a StepError only then; it carries the original error's
 * name and message), or when the error says retrying cannot help (NonRetriableError).
 */
export function describeFailure(err: unknown, attempt: number, retries: number, cancelled = false): JobFailure {
  const name = (err as Error | undefined)?.name;
  return {
    error: err,
    message: err instanceof Error ? err.message : String((err as { message?: unknown })?.message ?? err),
    attempt,
    final: cancelled || attempt >= retries || err instanceof StepError || name === "NonRetriableError",
    cancelled,
  };
}

/**
 * Hands a failure to the job's hook. A hook that fails is logged, never thrown: the run's own outcome
 * (retry or failed) must still be recorded.
 */
export async function reportFailure(job: AnyJob, payload: unknown, failure: JobFailure): Promise<void> {
  if (!job.onFailure) return;
  try {
    await job.onFailure(payload, failure);
  } catch (err) {
    jobsLog.error({ job: job.name, err }, "failure hook failed");
  }
}
