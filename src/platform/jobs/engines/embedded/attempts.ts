import { db } from "~/platform/db/db.ts";

export type AttemptOutcome = "completed" | "failed" | "cancelled" | "crashed";

/**
 * Each attempt of a run gets a row (job_attempts) with its start, its end and how it ended, so the operators'
 * view shows the run from its first start and every attempt with its reason — pg-boss keeps only the last.
 */
export async function beginAttempt(runId: string, workerId: string): Promise<number> {
  const rows = await db.$queryRaw<{ attempt: number }[]>`
    INSERT INTO job_attempts (run_id, attempt, worker_id)
    SELECT ${runId}::uuid, coalesce(max(attempt), 0) + 1, ${workerId} FROM job_attempts WHERE run_id = ${runId}::uuid
    RETURNING attempt`;
  return rows[0]!.attempt;
}

export async function endAttempt(runId: string, attempt: number, outcome: AttemptOutcome, reason: string | null) {
  await db.$executeRaw`UPDATE job_attempts SET ended_at = now(), outcome = ${outcome}, reason = ${reason?.slice(0, 1000) ?? null}
    WHERE run_id = ${runId}::uuid AND attempt = ${attempt} AND ended_at IS NULL`;
}

/**
 * The attempt a dead process left open ends `crashed`; one that died before its row was written (between the
 * fetch and the start) gets a row from the job's own start time.
 */
export async function endCrashedAttempt(runId: string, startedOn: Date | null, reason: string) {
  const ended = await db.$executeRaw`UPDATE job_attempts SET ended_at = now(), outcome = 'crashed', reason = ${reason}
    WHERE run_id = ${runId}::uuid AND ended_at IS NULL`;
  if (ended > 0) return;
  await db.$executeRaw`INSERT INTO job_attempts (run_id, attempt, worker_id, started_at, ended_at, outcome, reason)
    SELECT ${runId}::uuid, coalesce(max(attempt), 0) + 1, 'unknown', coalesce(${startedOn}::timestamptz, now()), now(),
           'crashed', ${reason}
      FROM job_attempts WHERE run_id = ${runId}::uuid`;
}
