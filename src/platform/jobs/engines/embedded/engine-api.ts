import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import { env } from "~/platform/env/env.js";
import type { AnyJob } from "../../define-job.ts";

/**
 * The embedded engine: pg-boss on the site's own PostgreSQL (schema JOB_ENGINE_SCHEMA). pg-boss keeps the
 * queue (SKIP LOCKED fetch, so two instances never take the same job), retries with exponential backoff
 * stored in the job row (so they survive restarts), `failed` with the error once retries run out, and cron
 * schedules (one job per fire across instances). This module adds the step results (job_steps) and the
 * liveness of runs (job_runs) that lets a live process resume a run whose process was killed.
 */
export interface Engine {
  boss: PgBoss;
  schema: string;
  workerId: string;
  /** Runs executing in this process → whether an operator cancelled them. */
  active: Map<string, { cancelled: boolean }>;
  /** Starts workers for a job missing from the registry (tests define their own jobs). */
  ensure(job: AnyJob): Promise<void>;
  notify(name: string): void;
  stop(): Promise<void>;
}

/** pg-boss delays in whole seconds: JOB_RETRY_BASE_MS rounded up, at least 1 s, doubled per attempt. */
const retryDelaySeconds = () => Math.max(1, Math.ceil((env.JOB_RETRY_BASE_MS ?? 1000) / 1000));
/** The least delay before retry `attempt + 1` (pg-boss adds up to the same again at random). */
export const backoffMs = (attempt: number) => retryDelaySeconds() * 1000 * 2 ** attempt;

/** A stable uuid for an enqueue id, so the same id never starts a second run of the job. */
export function runIdFor(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const sendOptions = (job: AnyJob) => ({
  retryLimit: job.retries,
  retryDelay: retryDelaySeconds(),
  retryBackoff: true,
  // A backstop only: a run whose process dies is taken over after STALE_AFTER_S (see sweep below).
  expireInHours: 6,
});
