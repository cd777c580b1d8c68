import { db } from "~/platform/db/db.ts";
import { AppError } from "~/platform/errors.ts";
import { type AnyJob, describeFailure, reportFailure } from "../define-job.ts";
import type { JobsPort } from "../engine-port.ts";
import { registeredJobs } from "../job-registry.ts";
import { jobsLog } from "../log.ts";
import { recentInngestRuns } from "../run-history.ts";
import { latestClaimedSlot, previousFire } from "../schedules.ts";
import { inngest } from "./inngest/client.ts";
import { inngestRunsUrl, inngestRunUrl, noteRunCancelled } from "./inngest/runs.ts";

/**
 * Under Inngest a fire missed while the site was down is not replayed by Inngest: at start, a `catchUp` job
 * whose schedule fired before (a claimed slot exists) but whose latest slot is unclaimed gets one event for
 * that slot (the event id deduplicates instances starting together; the slot claim stops a double run).
 */
async function catchUpOnInngest(jobs: readonly AnyJob[]) {
  for (const job of jobs) {
    if (!job.cron || !job.catchUp) continue;
    const slot = previousFire(job.cron);
    const latest = await latestClaimedSlot(job.name);
    if (latest === null || latest >= slot) continue;
    await inngest.send({ name: job.name, data: { slot: slot.toISOString() }, id: `${job.name}:${slot.toISOString()}` });
  }
}

const onInngest = () =>
  new AppError("CONFLICT", "Jobs run on Inngest: replay or cancel them in the Inngest dashboard", {
    reason: "jobsOnInngest",
  });

/**
 * Inngest behind the jobs port: events go to Inngest, which calls /api/inngest to run the functions
 * (inngest/functions.ts). Its runs live in Inngest; the app notes what it sees of each (inngest/runs.ts), which
 * is where the live runs and an operator's cancel are found.
 */
export const inngestPort: JobsPort = {
  provider: "inngest",
  async start(jobs) {
    await catchUpOnInngest(jobs).catch((err) => jobsLog.error({ err }, "schedule catch-up failed"));
  },
  prepare: async () => {},
  async enqueue(job, data, opts) {
    await inngest.send({
      name: job.name,
      data,
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.delaySeconds ? { ts: Date.now() + opts.delaySeconds * 1000 } : {}),
    });
    return { runId: null, duplicate: false };
  },
  async enqueueMany(job, items) {
    if (items.length === 0) return;
    await inngest.send(
      items.map(({ payload, opts }) => ({
        name: job.name,
        data: payload,
        ...(opts?.id ? { id: opts.id } : {}),
        ...(opts?.delaySeconds ? { ts: Date.now() + opts.delaySeconds * 1000 } : {}),
      })),
    );
  },
  wake: async () => {},
  liveRuns: (db, names, key, value) =>
    db.$queryRawUnsafe<{ id: string; name: string }[]>(
      `SELECT run_id AS id, name FROM inngest_runs
        WHERE name = ANY($1::text[]) AND status IN ('running', 'retrying') AND data ->> $2 = $3`,
      names,
      key,
      value,
    ),
  async cancel(name, runId) {
    if (!(await noteRunCancelled(runId))) return;
    const job = registeredJobs().find((j) => j.name === name);
    const row = await db.inngestRun.findUnique({ where: { run_id: runId }, select: { data: true, attempts: true } });
    const parsed = job?.schema.safeParse(row?.data ?? {});
    if (!job || !parsed?.success) return;
    const error = new Error("cancelled by an operator");
    await reportFailure(job, parsed.data, describeFailure(error, (row?.attempts ?? 1) - 1, job.retries, true));
  },
  findRun: () => Promise.reject(onInngest()),
  retry: () => Promise.reject(onInngest()),
  recentRuns: async (client, limit) => ({
    provider: "inngest",
    dashboardUrl: inngestRunsUrl(),
    runs: await recentInngestRuns(client, limit),
    runUrl: inngestRunUrl,
  }),
};
