import { randomUUID } from "node:crypto";
import { Temporal } from "@js-temporal/polyfill";
import { describe, expect, it } from "vitest";
import { JobsMessageQueue, queuedTaskSchema, runQueuedTask } from "~/features/fediverse/job-queue.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
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
