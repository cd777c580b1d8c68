import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import PgBoss from "pg-boss";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { databaseUrl } from "~/platform/env/live.ts";
import { type AnyJob, describeFailure, reportFailure } from "../../define-job.ts";
import { registeredJobs, registerJobs, runsSharedDuties, worksHere } from "../../job-registry.ts";
import { jobsLog } from "../../log.ts";
import { engineCron } from "../../schedules.ts";
import { endCrashedAttempt } from "./attempts.ts";
import { pollDueQueues } from "./due-queues.ts";
import { type Engine, sendOptions } from "./engine-api.ts";
import { executeRun, type RunScope } from "./execute.ts";
import { engineRecord, outcomeRecorded, ownCompletionsOnly } from "./pg-boss-completions.ts";
import { keepCronFires } from "./pg-boss-cron-check.ts";
import { catchUpMissedFires } from "./schedules.ts";

export { backoffMs, runIdFor, sendOptions } from "./engine-api.ts";

const HEARTBEAT_MS = 3000;
/** A run whose process has not beaten for this long is taken over. */
const STALE_AFTER_S = 15;
/** Crash takeovers of one run that do not count against its retries. */
const MAX_TAKEOVERS = 5;
const WORKERS_PER_JOB = 2;
/** How often the engine looks for due runs in its queues (one query for all of them: due-queues.ts). */
const POLL_S = env.JOB_POLL_SECONDS ?? (env.NODE_ENV === "test" ? 0.5 : 2);
/**
 * How often each worker looks by itself: a safety net. Polling on their own, the 2 workers of each of the app's
 * 21 queues sent an idle site's PostgreSQL 17.5 statements a second (72 at the tests' 0.5 s; bench/README.md,
 * "Idle job engine"); they are woken instead when the engine's look finds a run due, when this process enqueues,
 * and after a full batch.
 */
const WORKER_POLL_S = Math.max(POLL_S, 30);

const holder = globalThis as { __jobEngine?: Promise<Engine> };

/** The engine of this process, started on first use (the server starts it at boot, tests on first enqueue). */
export function getEngine(): Promise<Engine> {
  holder.__jobEngine ??= startEngine().catch((err) => {
    holder.__jobEngine = undefined;
    throw err;
  });
  return holder.__jobEngine;
}

/** Stops the engine of this process if it was started (tests, graceful shutdown). */
export async function stopEngine(): Promise<void> {
  const engine = holder.__jobEngine;
  holder.__jobEngine = undefined;
  if (engine) await (await engine).stop();
}

async function startEngine(): Promise<Engine> {
  const url = env.DATABASE_URL ?? databaseUrl();
  if (!url) throw new Error("DATABASE_URL is not set: the job engine needs the site's PostgreSQL");
  const schema = env.JOB_ENGINE_SCHEMA;
  ownCompletionsOnly();
  keepCronFires();
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: 4,
    application_name: "riesgos-ia-jobs",
    // Finished runs stay in the job table a day (an enqueue id deduplicates for that long, as on Inngest).
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    deleteAfterDays: 30,
    // Tests wait for a per-minute fire; the site checks its schedules every 30 s (pg-boss's default).
    ...(env.NODE_ENV === "test" ? { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } : {}),
  });
  boss.on("error", (err) => jobsLog.error({ err }, "pg-boss error"));
  await boss.start();

  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const active = new Map<string, { cancelled: boolean }>();
  const workers = new Map<string, string[]>();
  const ensuring = new Map<string, Promise<void>>();
  // pg-boss's create_queue alters shared tables: two at once deadlock (40P01). One at a time in this process,
  // and a deadlock with another instance starting is simply tried again.
  let queues: Promise<unknown> = Promise.resolve();
  const createQueue = (job: AnyJob) => {
    const created = queues.then(() =>
      retryDeadlock(() =>
        boss.createQueue(job.name, { name: job.name, ...sendOptions(job), expireInSeconds: 6 * 3600 }),
      ),
    );
    queues = created.catch(() => {});
    return created;
  };
  function ensure(job: AnyJob): Promise<void> {
    if (workers.has(job.name)) return Promise.resolve();
    // Requests arriving together share one set-up of the job (one queue, one set of workers).
    let ready = ensuring.get(job.name);
    if (!ready) {
      ready = (async () => {
        // Known from now on, so an operator's cancel and the crash sweep can reach its failure hook.
        registerJobs([job]);
        await addJob(job);
        if (job.cron && runsSharedDuties()) {
          const c = engineCron(job.cron);
          await boss.schedule(job.name, c.expression, {}, { tz: c.tz });
        }
      })();
      ensuring.set(job.name, ready);
      ready.catch(() => ensuring.delete(job.name));
    }
    return ready;
  }
  const notify = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  // What a run reaches of the engine (a fan-out enqueues other jobs through it).
  const scope: RunScope = { boss, schema, workerId, active, ensure, notify };
  const addJob = async (job: AnyJob) => {
    await createQueue(job);
    const ids: string[] = [];
    // Enqueued here, worked by another process (it polls the queue).
    if (!worksHere(job.name)) return void workers.set(job.name, ids);
    // A wide job (`workers`) takes batches rather than more pollers: the same runs at once, the same idle polls.
    const batchSize = Math.max(1, Math.ceil((job.workers ?? WORKERS_PER_JOB) / WORKERS_PER_JOB));
    for (let i = 0; i < WORKERS_PER_JOB; i++) {
      let id = "";
      id = await boss.work<object>(
        job.name,
        { includeMetadata: true, batchSize, pollingIntervalSeconds: WORKER_POLL_S },
        async (batch) => {
          await Promise.all(batch.map((pj) => runAndSettle(boss, job, pj, scope)));
          // pg-boss waits out the polling interval after every fetch: a full batch says more may be queued, so
          // the worker looks again at once (a fan-out's queue drains at its runs' pace, not a batch per poll).
          if (batch.length === batchSize) boss.notifyWorker(id);
        },
      );
      ids.push(id);
    }
    workers.set(job.name, ids);
  };
  for (const job of registeredJobs()) await addJob(job);
  if (runsSharedDuties()) await syncSchedules(boss);

  const tick = async () => {
    await heartbeat(schema, active).catch((err) => jobsLog.error({ err }, "heartbeat failed"));
    await sweep(boss, schema).catch((err) => jobsLog.error({ err }, "recovery sweep failed"));
  };
  const timer = setInterval(tick, HEARTBEAT_MS);
  timer.unref?.();
  await tick();
  const poller = pollDueQueues(schema, workers, notify, POLL_S);
  const engine: Engine = {
    ...scope,
    stop: async () => {
      clearInterval(timer);
      clearInterval(poller);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  if (runsSharedDuties())
    await catchUpMissedFires(engine).catch((err) => jobsLog.error({ err }, "schedule catch-up failed"));
  return engine;
}

/**
 * Runs one attempt and records its outcome on the job itself, awaited and retried while PostgreSQL is away
 * (pg-boss's own completion call is not awaited: with the database down it would be an unhandled rejection).
 * The handler's value then completes the job; a thrown error fails it (pg-boss schedules the retry). pg-boss's
 * own call after the worker's callback then skips the run (see pg-boss-completions.ts): by then a failed run
 * may be in its next attempt.
 */
async function runAndSettle(boss: PgBoss, job: AnyJob, pj: PgBoss.JobWithMetadata<object>, scope: RunScope) {
  let record: () => Promise<unknown>;
  try {
    const value = await executeRun(scope, job, pj);
    record = () => boss.complete(job.name, pj.id, value as object, engineRecord);
  } catch (err) {
    record = () => boss.fail(job.name, pj.id, err as object, engineRecord);
  }
  // ~5 minutes at most; after that the run stays active and the recovery sweep takes it over.
  for (let attempt = 0, wait = 500; attempt < 35; attempt++, wait = Math.min(wait * 2, 10_000)) {
    try {
      await record();
      outcomeRecorded(pj.id);
      return;
    } catch (err) {
      jobsLog.error({ job: job.name, id: pj.id, err }, "outcome not recorded yet; retrying");
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** pg-boss schedules = the registry's crons (a job whose cron was removed or switched off is unscheduled). */
async function syncSchedules(boss: PgBoss) {
  const wanted = new Map<string, ReturnType<typeof engineCron>>();
  for (const job of registeredJobs()) if (job.cron) wanted.set(job.name, engineCron(job.cron));
  for (const s of await boss.getSchedules()) if (!wanted.has(s.name)) await boss.unschedule(s.name);
  for (const [name, c] of wanted) await boss.schedule(name, c.expression, {}, { tz: c.tz });
}

/** Marks this process's runs alive, and notices the ones an operator cancelled. */
async function heartbeat(schema: string, active: Map<string, { cancelled: boolean }>) {
  const ids = [...active.keys()];
  if (ids.length === 0) return;
  await db.$executeRaw`UPDATE job_runs SET heartbeat_at = now() WHERE id = ANY(${ids}::uuid[])`;
  const cancelled = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text FROM ${schema}.job WHERE id = ANY($1::uuid[]) AND state = 'cancelled'`,
    ids,
  );
  for (const { id } of cancelled) {
    const run = active.get(id);
    if (run) run.cancelled = true;
  }
}

/** True when `workerId` names a process of this host that no longer exists (killed, crashed). */
function deadOnThisHost(workerId: string): boolean {
  const [host, pid] = workerId.split(":");
  if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Crash recovery: a run still `active` whose process is gone — it stopped beating for STALE_AFTER_S, or (on
 * this host) its process no longer exists, which a restart after kill -9 sees at once — is failed on pg-boss's
 * side, which schedules its retry with backoff; the retry resumes after the last finished step. The
 * conditional UPDATE makes one process (of several) claim each dead run. A takeover is not a failure of the
 * work: the run's retry limit is raised by one, so crashes do not spend the retries that guard against provider
 * errors — up to MAX_TAKEOVERS, after which a run that keeps killing its process counts them like failures.
 * A run that died in its last attempt is over: its job hears of it as a final failure, as if it had thrown.
 */
async function sweep(boss: PgBoss, schema: string) {
  const candidates = await db.$queryRawUnsafe<
    {
      id: string;
      name: string;
      worker_id: string | null;
      stale: boolean;
      data: unknown;
      retry_count: number;
      retry_limit: number;
      takeovers: number | null;
      started_on: Date | null;
    }[]
  >(
    `SELECT j.id::text, j.name, r.worker_id, j.data, j.retry_count, j.retry_limit, r.takeovers, j.started_on,
            coalesce(r.heartbeat_at, j.started_on) < now() - make_interval(secs => $1) AS stale
       FROM ${schema}.job j LEFT JOIN job_runs r ON r.id = j.id
      WHERE j.state = 'active'`,
    STALE_AFTER_S,
  );
  for (const o of candidates) {
    if (!o.stale && !(o.worker_id && deadOnThisHost(o.worker_id))) continue;
    const job = registeredJobs().find((j) => j.name === o.name);
    if (!job && !runsSharedDuties()) continue;
    const claimed = o.worker_id
      ? await db.$executeRaw`UPDATE job_runs SET worker_id = 'recovery', heartbeat_at = now()
          WHERE id = ${o.id}::uuid AND worker_id = ${o.worker_id}`
      : await db.$executeRaw`INSERT INTO job_runs (id, name, worker_id) VALUES (${o.id}::uuid, ${o.name}, 'recovery')
          ON CONFLICT (id) DO NOTHING`;
    if (claimed === 0) continue;
    const spare = (o.takeovers ?? 0) < MAX_TAKEOVERS;
    const last = !spare && o.retry_count >= o.retry_limit;
    jobsLog.warn({ job: o.name, id: o.id }, `its process stopped; ${last ? "it was its last attempt" : "resuming it"}`);
    const message = last
      ? "El proceso que lo ejecutaba se detuvo"
      : "El proceso que lo ejecutaba se detuvo; se reanuda";
    await endCrashedAttempt(o.id, o.started_on, message);
    const payload = job?.schema.safeParse(o.data ?? {});
    // Told before the run is failed: a crash between the two repeats the (idempotent) report, never skips it.
    if (job && payload?.success && last)
      await reportFailure(job, payload.data, describeFailure(new Error(message), o.retry_count, o.retry_limit));
    if (spare) {
      await db.$executeRawUnsafe(
        `UPDATE ${schema}.job SET retry_limit = retry_limit + 1 WHERE id = $1::uuid AND state = 'active'`,
        o.id,
      );
      await db.$executeRaw`UPDATE job_runs SET takeovers = takeovers + 1 WHERE id = ${o.id}::uuid`;
    }
    await boss.fail(o.name, o.id, { message }, engineRecord);
  }
}

/** Runs `fn`, again after a short random wait when PostgreSQL chose it as a deadlock's victim (40P01). */
async function retryDeadlock<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: unknown }).code !== "40P01" || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 * i + Math.random() * 100));
    }
  }
}
