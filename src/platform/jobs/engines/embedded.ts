import { env } from "~/platform/env/env.js";
import { exitAfter } from "~/platform/shutdown/exit-after.ts";
import type { JobsPort } from "../engine-port.ts";
import { jobsLog } from "../log.ts";
import { recentEngineRuns } from "../run-history.ts";
import { cancelRun } from "./embedded/cancel.ts";
import { getEngine, runIdFor, sendOptions, stopEngine } from "./embedded/engine.ts";

/** The embedded engine behind the jobs port: pg-boss on the site's PostgreSQL (see engine/). */
export const embeddedPort: JobsPort = {
  provider: "embedded",
  async start() {
    try {
      const engine = await getEngine();
      jobsLog.info({ schema: engine.schema }, "embedded engine started (pg-boss)");
    } catch (err) {
      jobsLog.error({ err }, "the job engine did not start");
      return;
    }
    // A graceful stop lets running steps finish; a kill -9 is recovered by the next process (see engine.ts).
    // A signal arriving again meanwhile (the launcher's and the process group's) must not end it early.
    let stopping = false;
    for (const signal of ["SIGTERM", "SIGINT"] as const)
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        void exitAfter(stopEngine, 0);
      });
  },
  async prepare(job) {
    await (await getEngine()).ensure(job);
  },
  async enqueue(job, data, opts) {
    const engine = await getEngine();
    await engine.ensure(job);
    const runId = await engine.boss.send(job.name, data, {
      ...sendOptions(job),
      ...(opts.id ? { id: runIdFor(job.name, opts.id) } : {}),
      ...(opts.db ? { db: opts.db } : {}),
      ...(opts.delaySeconds ? { startAfter: opts.delaySeconds } : {}),
    });
    if (!opts.db && !opts.delaySeconds) engine.notify(job.name);
    return { runId, duplicate: runId === null };
  },
  async enqueueMany(job, items) {
    if (items.length === 0) return;
    const engine = await getEngine();
    await engine.ensure(job);
    const { retryLimit, retryDelay, retryBackoff } = sendOptions(job);
    await engine.boss.insert(
      items.map(({ payload, opts }) => ({
        name: job.name,
        data: payload,
        retryLimit,
        retryDelay,
        retryBackoff,
        ...(opts?.id ? { id: runIdFor(job.name, opts.id) } : {}),
        // pg-boss reads a startAfter without a trailing Z as an interval: seconds from now.
        ...(opts?.delaySeconds ? { startAfter: String(opts.delaySeconds) } : {}),
      })),
    );
    if (items.some((i) => !i.opts?.delaySeconds)) engine.notify(job.name);
  },
  async wake(job) {
    (await getEngine()).notify(job.name);
  },
  async liveRuns(db, names, key, value) {
    // The engine makes its schema when it first starts: before that, no run of any job is live.
    const [table] = await db.$queryRawUnsafe<{ found: boolean }[]>(
      "SELECT to_regclass($1) IS NOT NULL AS found",
      `${env.JOB_ENGINE_SCHEMA}.job`,
    );
    if (!table?.found) return [];
    return db.$queryRawUnsafe<{ id: string; name: string }[]>(
      `SELECT id::text, name FROM ${env.JOB_ENGINE_SCHEMA}.job
        WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active') AND data ->> $2 = $3`,
      names,
      key,
      value,
    );
  },
  async cancel(name, runId) {
    await cancelRun(await getEngine(), name, runId);
  },
  async findRun(runId) {
    const engine = await getEngine();
    const { rows } = await engine.boss
      .getDb()
      .executeSql(`SELECT name, state::text AS state FROM ${engine.schema}.job WHERE id = $1::uuid`, [runId]);
    return (rows[0] as Awaited<ReturnType<JobsPort["findRun"]>>) ?? null;
  },
  async retry(name, runId) {
    const engine = await getEngine();
    await engine.boss.retry(name, runId);
    engine.notify(name);
  },
  recentRuns: async (db, limit, collapsed) => ({
    provider: "embedded",
    runs: await recentEngineRuns(db, limit, collapsed),
  }),
};
