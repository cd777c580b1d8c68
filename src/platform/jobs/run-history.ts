import type { DbClient } from "~/platform/db/client.ts";
import { getEngine } from "./engines/embedded/engine.ts";

/** The engine's own states of a run (pg-boss's job.state). */
export type EngineState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/** A run of the embedded engine with what the app records beside it (step, takeovers, progress). */
export interface EngineRunRow {
  id: string;
  name: string;
  state: EngineState;
  retry_count: number;
  retry_limit: number;
  output: { message?: string } | null;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  step: string | null;
  takeovers: number | null;
  progress_done: number | null;
  progress_total: number | null;
}

/** One attempt of a run, as the engine's attempt log records it. */
export interface AttemptRow {
  run_id: string;
  attempt: number;
  started_at: Date;
  ended_at: Date | null;
  outcome: "completed" | "failed" | "cancelled" | "crashed" | null;
  reason: string | null;
}

/**
 * The latest `limit` runs of the embedded engine (live and archived rows), with their attempts. A job in
 * `collapsed` shows only its latest completed run: the per-minute ones would push every other run off the
 * list within the hour. Its failures and live runs all stay.
 */
export async function recentEngineRuns(db: DbClient, limit: number, collapsed: string[]) {
  const { schema } = await getEngine();
  const cols = "id, name, state::text AS state, retry_count, retry_limit, output, created_on, started_on, completed_on";
  const rows = await db.$queryRawUnsafe<EngineRunRow[]>(
    `SELECT * FROM (
       SELECT j.id::text, j.name, j.state, j.retry_count, j.retry_limit, j.output, j.created_on, j.started_on,
              j.completed_on, r.step, r.takeovers, r.progress_done, r.progress_total,
              row_number() OVER (PARTITION BY j.name, j.state ORDER BY j.created_on DESC) AS nth
         FROM (SELECT ${cols} FROM ${schema}.job UNION ALL SELECT ${cols} FROM ${schema}.archive) j
         LEFT JOIN job_runs r ON r.id = j.id
        WHERE j.name NOT LIKE '\\_\\_pgboss%') runs
      WHERE NOT (state = 'completed' AND name = ANY($1::text[]) AND nth > 1)
      ORDER BY created_on DESC
      LIMIT ${Number(limit)}`,
    collapsed,
  );
  const attempts = await db.$queryRaw<AttemptRow[]>`
    SELECT run_id::text, attempt, started_at, ended_at, outcome, reason FROM job_attempts
     WHERE run_id = ANY(${rows.map((r) => r.id)}::uuid[]) ORDER BY run_id, attempt`;
  const logs = new Map<string, AttemptRow[]>();
  for (const a of attempts) logs.set(a.run_id, [...(logs.get(a.run_id) ?? []), a]);
  return rows.map((row) => ({ row, attempts: logs.get(row.id) ?? [] }));
}

/** Under Inngest: the latest runs the app noted. */
export function recentInngestRuns(db: DbClient, limit: number) {
  return db.inngestRun.findMany({ orderBy: { started_at: "desc" }, take: limit });
}
