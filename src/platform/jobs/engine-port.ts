import type { z } from "zod";
import type { DbClient } from "~/platform/db/client.ts";
import type { JobsProvider } from "./choose-engine.ts";
import type { AnyJob, Job, PayloadSchema } from "./define-job.ts";
import type { RawQueries, SqlExecutor } from "./live-runs.ts";
import type { AttemptRow, EngineRunRow, EngineState } from "./run-history.ts";

export interface EnqueueOptions {
  /** Deduplication id: the same id does not start the job again (Inngest keeps it 24 h, the engine a day too). */
  id?: string;
  /**
   * The caller's transaction (see transactionExecutor): the engine's job row is inserted by it, so the job
   * exists if and only if the transaction commits. Workers hear of it on their next poll, or at once after
   * `wake(job)` once committed. Ignored under Inngest, whose event leaves at once.
   */
  db?: SqlExecutor;
  /** Run no earlier than this many seconds from now (pg-boss's startAfter; a future event time under Inngest). */
  delaySeconds?: number;
}

/** One run of many queued at once: its payload, and its deduplication id and delay as in EnqueueOptions. */
export interface QueuedRun<S extends PayloadSchema> {
  payload: z.output<S>;
  opts?: Pick<EnqueueOptions, "id" | "delaySeconds">;
}

export interface Enqueued {
  /** The provider's run id, when it is known at once (the embedded engine's; Inngest assigns its own later). */
  runId: string | null;
  /** The id was used already, so no run started (known on the embedded engine; Inngest drops it silently). */
  duplicate: boolean;
}

/** A run not over yet: queued, retrying or running. */
export interface LiveRun {
  id: string;
  name: string;
}

/** The latest runs, as each provider knows them (the operators' view, admin › Trabajos). */
export type RecentRuns =
  | { provider: "embedded"; runs: { row: EngineRunRow; attempts: AttemptRow[] }[] }
  | {
      provider: "inngest";
      dashboardUrl: string;
      runs: Awaited<ReturnType<DbClient["inngestRun"]["findMany"]>>;
      runUrl: (runId: string) => string;
    };

/**
 * What the app asks of a jobs provider. Two implement it: the embedded engine (pg-boss on the site's
 * PostgreSQL, embedded-port.ts) and Inngest (inngest-port.ts); provider.ts picks one per process, once.
 * A job's fan-out (`step.sendEvent`, contract.ts) works on both.
 */
export interface JobsPort {
  readonly provider: JobsProvider;
  /** Starts the provider's side in this process (the engine's workers and schedules; Inngest's catch-up). */
  start(jobs: readonly AnyJob[]): Promise<void>;
  /** Readies the job's queue, outside any transaction. */
  prepare(job: Job<PayloadSchema>): Promise<void>;
  enqueue<S extends PayloadSchema>(job: Job<S>, payload: z.output<S>, opts: EnqueueOptions): Promise<Enqueued>;
  /**
   * Many runs of one job stored at once (a fan-out's chunk: one statement on the embedded engine, one request to
   * Inngest); each item's id deduplicates as enqueue's does, and an id already used starts nothing.
   */
  enqueueMany<S extends PayloadSchema>(job: Job<S>, items: readonly QueuedRun<S>[]): Promise<void>;
  /** Tells this process's workers of a job enqueued in a transaction that has now committed. */
  wake(job: Job<PayloadSchema>): Promise<void>;
  /** The live runs of these jobs whose payload has `key` = `value`. */
  liveRuns(db: RawQueries, names: string[], key: string, value: string): Promise<LiveRun[]>;
  /** An operator's cancel: the run stops before its next step, and its job hears of it as a cancelled failure. */
  cancel(name: string, runId: string): Promise<void>;
  /** A run's job and state, or null when the provider has no such run. */
  findRun(runId: string): Promise<{ name: string; state: EngineState } | null>;
  /** Runs a failed run again from its failed step. */
  retry(name: string, runId: string): Promise<void>;
  recentRuns(db: DbClient, limit: number, collapsed: string[]): Promise<RecentRuns>;
}
