import { eventType } from "inngest";
import type { z } from "zod";

/** The subset of Inngest's step tools a job uses, so the same handler runs under Inngest or the embedded engine. */
export interface JobStep {
  /** A memoised, individually retried unit of work: once it succeeds it is not run again for this job. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Under Inngest only: sends events as one memoised step (a fan-out to other function runs, each with its
   * own step budget). Absent on the embedded engine, whose runs have no step cap.
   */
  sendEvent?: (id: string, events: { name: string; data: Record<string, unknown>; id?: string }[]) => Promise<unknown>;
}

interface JobContext {
  step: JobStep;
  /** 0 on the first attempt. */
  attempt: number;
  /** The run's id (the engine's job id, or Inngest's run id): the same across the attempts of one run. */
  runId: string;
  log: (message: string) => void;
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
   * Also run on this schedule (Inngest's syntax: "TZ=Europe/Madrid 0 8 * * 5", or "* * * * *" in UTC), on
   * the embedded engine and under Inngest. A scheduled run gets the payload `{}`.
   */
  cron?: string;
  /** At start, run once for the latest fire missed while the site was down (payload `{ slot }`). */
  catchUp?: boolean;
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
