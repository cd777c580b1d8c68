import { randomUUID } from "node:crypto";
import { Temporal } from "@js-temporal/polyfill";
import { describe, expect, it } from "vitest";
import { JobsMessageQueue, queuedTaskSchema, runQueuedTask } from "~/features/fediverse/job-queue.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { settleJobs } from "../support/jobs.ts";

/**
 * Fedify's MessageQueue on the jobs port (the embedded engine on the test's PostgreSQL): a task enqueued runs
 * once in the listener, a failing one is retried by the engine until it succeeds, a delay is honoured, and a
 * process whose listener is not registered starts it before running the task.
 */
function queueWithJob(start: () => Promise<void> = async () => {}) {
  const name = `test/fediverse-task-${randomUUID().slice(0, 8)}`;
  const job = defineJob({
    name,
    schema: queuedTaskSchema,
    retries: 3,
    handler: ({ message }) => runQueuedTask(name, message, start),
  });
  return new JobsMessageQueue(job);
}

describe("JobsMessageQueue", () => {
  it("runs incoming activities on the inbox job and the rest on the task job, both in the one listener", async () => {
    const ran: [string, string][] = [];
    const jobNamed = (name: string) =>
      defineJob({
        name,
        schema: queuedTaskSchema,
        retries: 0,
        handler: ({ message }) => {
          ran.push([name, String(message.id)]);
          return runQueuedTask(name, message, async () => {});
        },
      });
    const suffix = randomUUID().slice(0, 8);
    const task = jobNamed(`test/fediverse-out-${suffix}`);
    const inbox = jobNamed(`test/fediverse-in-${suffix}`);
    const queue = new JobsMessageQueue(task, undefined, undefined, inbox);
    const seen: string[] = [];
    const stop = new AbortController();
    const listening = queue.listen((m) => void seen.push((m as { id: string }).id), { signal: stop.signal });
    await queue.enqueue({ type: "inbox", id: "follow" });
    await queue.enqueueMany([
      { type: "fanout", id: "fan" },
      { type: "outbox", id: "post" },
    ]);
    await settleJobs(60_000);
    expect(ran.sort()).toEqual(
      [
        [inbox.name, "follow"],
        [task.name, "fan"],
        [task.name, "post"],
      ].sort(),
    );
    expect(seen.sort()).toEqual(["fan", "follow", "post"]);
    stop.abort();
    await listening;
  });

  it("runs each enqueued task once in the registered listener", async () => {
    const queue = queueWithJob();
    const seen: unknown[] = [];
    const stop = new AbortController();
    const listening = queue.listen((m) => void seen.push(m), { signal: stop.signal });
    await queue.enqueue({ type: "outbox", id: "a", inbox: "https://b.example/inbox" });
    await queue.enqueueMany([
      { type: "outbox", id: "b" },
      { type: "outbox", id: "c" },
    ]);
    await settleJobs(60_000);
    expect(seen.map((m) => (m as { id: string }).id).sort()).toEqual(["a", "b", "c"]);
    stop.abort();
    await listening; // resolves once aborted
  });

  it("a fan-out's chunk of deliveries is queued in one statement, and queued again it starts none twice", async () => {
    const job = defineJob({
      name: `test/fediverse-chunk-${randomUUID().slice(0, 8)}`,
      schema: queuedTaskSchema,
      retries: 0,
      handler: async () => {},
    });
    const queue = new JobsMessageQueue(job);
    const engine = await getEngine();
    const sql = (text: string, values: unknown[] = []) => engine.boss.getDb().executeSql(text, values);
    // A statement-level trigger counts the INSERT statements into the engine's job table while the chunk is queued.
    const counter = `fediverse_chunk_inserts_${randomUUID().slice(0, 8)}`;
    await sql(`CREATE TABLE ${counter} (n int NOT NULL)`);
    await sql(`CREATE FUNCTION ${counter}_count() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN INSERT INTO ${counter} VALUES (1); RETURN NULL; END $$`);
    await sql(`CREATE TRIGGER ${counter} AFTER INSERT ON ${engine.schema}.job
      FOR EACH STATEMENT EXECUTE FUNCTION ${counter}_count()`);
    try {
      const deliveries = Array.from({ length: 150 }, (_, i) => ({
        type: "outbox",
        id: `d${i}`,
        activityId: "https://site.example/ap/activities/chunk",
        inbox: `https://follower-${i}.example/inbox`,
      }));
      // Held an hour: the test reads the queued rows, nothing runs them.
      const later = { delay: Temporal.Duration.from({ hours: 1 }) };
      await queue.enqueueMany(deliveries, later);
      const statements = Number((await sql(`SELECT count(*) AS n FROM ${counter}`)).rows[0].n);
      expect(statements, "INSERT statements into the job table for one chunk").toBe(1);
      // A fan-out run again (after a crash) queues the same deliveries: their ids deduplicate them.
      await queue.enqueueMany(deliveries, later);
      const { rows } = await sql(
        `SELECT count(*) AS n, min(start_after - created_on) > interval '50 minutes' AS held
           FROM ${engine.schema}.job WHERE name = $1`,
        [job.name],
      );
      expect(Number(rows[0].n)).toBe(150);
      expect(rows[0].held, "each delivery keeps the fan-out's delay").toBe(true);
    } finally {
      await sql(`DELETE FROM ${engine.schema}.job WHERE name = $1`, [job.name]);
      await sql(`DROP TRIGGER ${counter} ON ${engine.schema}.job`);
      await sql(`DROP FUNCTION ${counter}_count()`);
      await sql(`DROP TABLE ${counter}`);
    }
  });

  it("a task that fails is retried by the engine (nativeRetrial) until it succeeds", async () => {
    const queue = queueWithJob();
    expect(queue.nativeRetrial).toBe(true);
    let attempts = 0;
    void queue.listen(() => {
      attempts += 1;
      if (attempts < 3) throw new Error("inbox answered 503");
    });
    await queue.enqueue({ type: "outbox", id: "flaky" });
    await settleJobs(60_000, { skipBackoff: true });
    expect(attempts).toBe(3);
  });

  it("a delayed task waits its delay", async () => {
    const queue = queueWithJob();
    const ranAt: number[] = [];
    void queue.listen(() => void ranAt.push(Date.now()));
    const from = Date.now();
    await queue.enqueue({ type: "outbox", id: "later" }, { delay: Temporal.Duration.from({ seconds: 2 }) });
    const deadline = Date.now() + 30_000;
    while (ranAt.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]! - from).toBeGreaterThanOrEqual(1900);
  });

  it("a worker in a process without a listener starts it before running the task", async () => {
    const seen: unknown[] = [];
    let started = 0;
    const queue: JobsMessageQueue = queueWithJob(async () => {
      started += 1;
      void queue.listen((m) => void seen.push(m));
    });
    await queue.enqueue({ type: "inbox", id: "x" });
    await settleJobs(60_000);
    expect(started).toBe(1);
    expect(seen).toEqual([{ type: "inbox", id: "x" }]);
  });
});
