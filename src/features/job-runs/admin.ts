import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { registeredJobs } from "~/platform/jobs/job-registry.ts";
import { jobs, nextFire } from "~/platform/jobs/jobs-client.ts";
import type { AttemptRow, EngineRunRow } from "~/platform/jobs/run-history.ts";
import type { JobRunDto, JobsOverview } from "./schema.ts";

const RECENT = 100;
const STATUS = {
  created: "queued",
  retry: "retrying",
  active: "running",
  completed: "completed",
  cancelled: "cancelled",
  failed: "failed",
} as const;

type Row = EngineRunRow;

function schedules(): JobsOverview["schedules"] {
  return registeredJobs().flatMap((j) =>
    j.cron ? [{ name: j.name, cron: j.cron, next_run_at: nextFire(j.cron) }] : [],
  );
}

function toDto(r: Row, log: AttemptRow[]): JobRunDto {
  const finished = r.state === "completed" || r.state === "failed" || r.state === "cancelled";
  // The whole run: from its first attempt's start to its last one's end (pg-boss keeps only the last attempt).
  const start = log[0]?.started_at ?? r.started_on;
  const end = finished ? (log.at(-1)?.ended_at ?? r.completed_on) : null;
  const takeovers = r.takeovers ?? 0;
  return {
    id: r.id,
    name: r.name,
    status: STATUS[r.state],
    attempts: log.length || (r.started_on !== null ? r.retry_count + 1 : 0),
    max_attempts: r.retry_limit + 1 - takeovers,
    takeovers,
    step: r.step,
    error: r.state === "completed" ? null : (r.output?.message ?? null),
    created_at: r.created_on,
    started_at: start,
    finished_at: end,
    duration_ms: start && end ? end.getTime() - start.getTime() : null,
    attempt_log: log.map(({ run_id: _, ...a }) => a),
    progress: progressOf(r, start, r.state === "active"),
    dashboard_url: null,
  };
}

/** The reported progress and, while running, the time left at the pace since the run's first start. */
function progressOf(r: Row, start: Date | null, running: boolean): JobRunDto["progress"] {
  if (r.progress_total === null || r.progress_done === null) return null;
  const elapsed = start ? (Date.now() - start.getTime()) / 1000 : 0;
  const left = Math.max(0, r.progress_total - r.progress_done);
  const eta = running && r.progress_done > 0 && elapsed > 0 ? Math.round(left / (r.progress_done / elapsed)) : null;
  return { done: r.progress_done, total: r.progress_total, eta_seconds: eta };
}

type InngestRuns = Extract<Awaited<ReturnType<typeof jobs.recentRuns>>, { provider: "inngest" }>;

/** Under Inngest: the runs the app noted, each linked to its page in the Inngest dashboard. */
function inngestRuns({ runs, runUrl }: InngestRuns): JobRunDto[] {
  return runs.map((r) => ({
    id: r.run_id,
    name: r.name,
    status: (["running", "retrying", "completed", "failed", "cancelled"].includes(r.status)
      ? r.status
      : "running") as JobRunDto["status"],
    attempts: r.attempts,
    max_attempts: (registeredJobs().find((j) => j.name === r.name)?.retries ?? 0) + 1,
    step: r.step,
    error: r.error,
    created_at: r.started_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
    duration_ms: r.finished_at ? r.finished_at.getTime() - r.started_at.getTime() : null,
    takeovers: 0,
    attempt_log: [],
    progress: null,
    dashboard_url: runUrl(r.run_id),
  }));
}

/** GET /api/admin/jobs: the latest runs of every job (as its provider knows them) and the schedules. */
export async function listJobs(db: DbClient): Promise<JobsOverview> {
  // A scheduled job's completed runs show only their latest (the per-minute ones would crowd out the rest).
  const scheduled = registeredJobs()
    .filter((j) => j.cron)
    .map((j) => j.name);
  const recent = await jobs.recentRuns(db, RECENT, scheduled);
  if (recent.provider === "inngest")
    return { engine: "inngest", dashboard_url: recent.dashboardUrl, runs: inngestRuns(recent), schedules: schedules() };
  const runs = recent.runs.map(({ row, attempts }) => toDto(row, attempts));
  return { engine: "embedded", dashboard_url: null, runs, schedules: schedules() };
}

async function findRun(id: string) {
  const row = await jobs.findRun(id);
  if (!row) throw notFound("Job run");
  return row;
}

/** POST /api/admin/jobs/{id}/retry: a failed run runs again from its failed step (finished steps are kept). */
export async function retryJob(id: string) {
  const run = await findRun(id);
  if (run.state !== "failed")
    throw new AppError("CONFLICT", "Only a failed run can be retried", { reason: "jobRetryOnlyFailed" });
  await jobs.retry(run.name, id);
  return { success: true, status: "retrying" as const };
}

/**
 * POST /api/admin/jobs/{id}/cancel: a queued or retrying run never starts; a running one stops before its next
 * step; and the job marks its own record (agent run failed, newsletter failed with the reason) through its
 * failure hook.
 */
export async function cancelJob(id: string) {
  const run = await findRun(id);
  if (!["created", "retry", "active"].includes(run.state))
    throw new AppError("CONFLICT", "Only a queued, retrying or running run can be cancelled", {
      reason: "jobCancelOnlyActive",
    });
  await jobs.cancel(run.name, id);
  return { success: true, status: "cancelled" as const };
}
