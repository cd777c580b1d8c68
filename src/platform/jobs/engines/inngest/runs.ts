import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { jobsLog } from "../../log.ts";

/**
 * Under Inngest the runs live in Inngest; the app notes what it sees of each (start, step reached, outcome)
 * in `inngest_runs` so the operators' view lists them, each linked to its page in the Inngest dashboard.
 * Noting never fails a run: a write that fails is only logged.
 */
const quietly = (p: Promise<unknown>) => p.catch((err: unknown) => jobsLog.error({ err }, "inngest run not recorded"));

/** Each invocation of a run notes it; a run an operator cancelled stays cancelled. */
export const noteRunStarted = (runId: string, name: string, attempt: number, data: object = {}) =>
  quietly(db.$executeRaw`
    INSERT INTO inngest_runs (run_id, name, status, attempts, data)
    VALUES (${runId}, ${name}, 'running', ${attempt + 1}, ${JSON.stringify(data)}::jsonb)
    ON CONFLICT (run_id) DO UPDATE SET status = 'running', attempts = EXCLUDED.attempts, finished_at = NULL
     WHERE inngest_runs.status <> 'cancelled'`);

/**
 * Notes the step the run reached and tells whether an operator cancelled the run (the same one query): a
 * cancelled run stops before its next step, as on the embedded engine.
 */
export async function noteRunStep(runId: string, step: string): Promise<{ cancelled: boolean }> {
  const rows = await db.$queryRaw<{ status: string }[]>`
    UPDATE inngest_runs SET step = ${step} WHERE run_id = ${runId} RETURNING status`.catch((err: unknown) => {
    jobsLog.error({ err }, "inngest run not recorded");
    return [];
  });
  return { cancelled: rows[0]?.status === "cancelled" };
}

/** Marks a run cancelled; false when it had ended already (or the app never saw it start). */
export async function noteRunCancelled(runId: string): Promise<boolean> {
  const { count } = await db.inngestRun.updateMany({
    where: { run_id: runId, status: { in: ["running", "retrying"] } },
    data: { status: "cancelled", finished_at: new Date() },
  });
  return count > 0;
}

export const runWasCancelled = async (runId: string) =>
  (await db.inngestRun.findUnique({ where: { run_id: runId }, select: { status: true } }).catch(() => null))?.status ===
  "cancelled";

export const noteRunEnded = (runId: string, status: "completed" | "retrying" | "failed", error?: string) =>
  quietly(
    db.inngestRun.updateMany({
      // A cancelled run stays cancelled: its attempt ends failing once it sees the cancel.
      where: { run_id: runId, status: { not: "cancelled" } },
      data: {
        status,
        error: error?.slice(0, 1000) ?? null,
        finished_at: status === "retrying" ? null : new Date(),
      },
    }),
  );

/** The run's page: Inngest Cloud, or the self-hosted server's UI at INNGEST_BASE_URL. */
export const inngestRunUrl = (runId: string) =>
  env.INNGEST_BASE_URL
    ? `${env.INNGEST_BASE_URL}/run?runID=${encodeURIComponent(runId)}`
    : `https://app.inngest.com/env/production/runs/${encodeURIComponent(runId)}`;

/** The app's runs in the dashboard (where failed runs are replayed). */
export const inngestRunsUrl = () =>
  env.INNGEST_BASE_URL ? `${env.INNGEST_BASE_URL}/runs` : "https://app.inngest.com/env/production/runs";
