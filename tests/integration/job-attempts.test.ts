import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { buildJobRun } from "../support/builders.ts";
import { settleJobs } from "../support/jobs.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const admin = callerAs(adminSession).admin.jobs;
const uid = () => Math.random().toString(36).slice(2, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOf(id: string) {
  const { runs } = await admin.list();
  return runs.find((r) => r.id === id);
}

describe("Trabajos shows the whole run, attempt by attempt", () => {
  it("a run retried once: its first start, its end, the total duration and each attempt with its reason", async () => {
    let calls = 0;
    const job = defineJob({
      name: `test/attempts-${uid()}`,
      schema: z.object({}),
      retries: 1,
      handler: async (_p, { step }) =>
        step.run("deliver", async () => {
          calls++;
          await sleep(300);
          if (calls === 1) throw new Error("provider down");
          return "ok";
        }),
    });
    const before = Date.now();
    const { runId } = await enqueue(job, {});
    await settleJobs();
    const after = Date.now();
    const run = await runOf(runId!);
    expect(run?.status).toBe("completed");
    // The run began with its first attempt, and lasted across the backoff to the end of its second.
    expect(run!.started_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(run!.duration_ms).toBeGreaterThanOrEqual(1600); // two attempts of 300 ms and a backoff of ≥ 1 s
    expect(run!.duration_ms).toBeLessThanOrEqual(after - before + 1000);
    expect(run!.attempt_log.map((a) => [a.outcome, a.reason])).toEqual([
      ["failed", "provider down"],
      ["completed", null],
    ]);
    expect(run!.attempt_log[0]!.started_at.getTime()).toBe(run!.started_at!.getTime());
    expect(run!.attempt_log[1]!.ended_at!.getTime()).toBe(run!.finished_at!.getTime());
  });

  it("a takeover after a dead process does not spend the retries that guard against provider errors", async () => {
    let calls = 0;
    const job = defineJob({
      name: `test/takeover-budget-${uid()}`,
      schema: z.object({}),
      retries: 1,
      handler: async (_p, { step }) =>
        step.run("deliver", async () => {
          calls++;
          if (calls === 1) throw new Error("provider 500");
          return "delivered";
        }),
    });
    const engine = await getEngine();
    await engine.boss.createQueue(job.name, { name: job.name });
    const id = await engine.boss.send(job.name, {}, { retryLimit: 1, retryDelay: 1, retryBackoff: true });
    // A process fetched the first attempt and was killed: its row names a pid that no longer exists.
    const [fetched] = await engine.boss.fetch(job.name);
    expect(fetched?.id).toBe(id);
    await buildJobRun(db, { id: id!, name: job.name, worker_id: `${hostname()}:999999999:dead` });
    await engine.ensure(job);
    await settleJobs(60_000);
    // The crash, then one provider error, then success: the provider error still had its retry.
    const run = await runOf(id!);
    expect(run?.status).toBe("completed");
    expect(calls).toBe(2);
    expect(run!.attempt_log.map((a) => a.outcome)).toEqual(["crashed", "failed", "completed"]);
    expect(run!.attempt_log[0]!.reason).toMatch(/proceso/);
    expect(run!.takeovers).toBe(1);
    expect(run!.max_attempts).toBe(2);
  });
});
