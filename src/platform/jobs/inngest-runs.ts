import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { log } from "~/platform/log/logger.ts";

/**
 * Under Inngest the runs live in Inngest; the app notes what it sees of each (start, step reached, outcome)
 * in `inngest_runs` so the operators' view lists them, each linked to its page in the Inngest dashboard.
 * Noting never fails a run: a write that fails is only logged.
 */
const quietly = (p: Promise<unknown>) =>
  p.catch((err: unknown) => log.error(`[jobs] inngest run record: ${(err as Error).message}`));

export const noteRunStarted = (runId: string, name: string, attempt: number) =>
  quietly(
    db.inngestRun.upsert({
      where: { run_id: runId },
      create: { run_id: runId, name, status: "running", attempts: attempt + 1 },
      update: { status: "running", attempts: attempt + 1, finished_at: null },
    }),
  );

export const noteRunStep = (runId: string, step: string) =>
  quietly(db.inngestRun.updateMany({ where: { run_id: runId }, data: { step } }));

export const noteRunEnded = (runId: string, status: "completed" | "retrying" | "failed", error?: string) =>
  quietly(
    db.inngestRun.updateMany({
      where: { run_id: runId },
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
