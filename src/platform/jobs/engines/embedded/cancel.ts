import { describeFailure, reportFailure } from "../../define-job.ts";
import { registeredJobs } from "../../job-registry.ts";
import type { Engine } from "./engine-api.ts";
import { JobCancelledError } from "./steps.ts";

/**
 * An operator's cancel: pg-boss never starts a queued or retrying run again, and a running one stops before
 * its next step (at once in this process, within a heartbeat elsewhere). The job hears of it through its
 * `onFailure` hook, as a final, cancelled failure, so its own record (the agent run, the newsletter) does
 * not stay "running" or "sending" with no job behind it.
 */
export async function cancelRun(engine: Engine, name: string, id: string): Promise<void> {
  const { rows } = await engine.boss
    .getDb()
    .executeSql(`SELECT data, retry_count FROM ${engine.schema}.job WHERE id = $1::uuid`, [id]);
  await engine.boss.cancel(name, id);
  const local = engine.active.get(id);
  if (local) local.cancelled = true;
  const job = registeredJobs().find((j) => j.name === name);
  const parsed = job?.schema.safeParse(rows[0]?.data ?? {});
  if (!job || !parsed?.success) return;
  const row = rows[0] as { retry_count: number };
  const error = new JobCancelledError("cancelled by an operator");
  await reportFailure(job, parsed.data, describeFailure(error, row.retry_count, job.retries, true));
}
