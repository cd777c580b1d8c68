import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { backoffMs, getEngine, stopEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { buildJobRun } from "../support/builders.ts";
import { runJob, settleJobs } from "../support/jobs.ts";

const uid = () => Math.random().toString(36).slice(2, 8);

describe("embedded job engine (pg-boss on our PostgreSQL)", () => {
  it("sets up jobs first met by requests arriving together: no deadlock, one queue and one set of workers each", async () => {
    const engine = await getEngine();
    const jobs = Array.from({ length: 8 }, (_, i) =>
      defineJob({
        name: `test/together-${i}-${uid()}`,
        schema: z.object({}),
        retries: 0,
        handler: async () => "done",
      }),
    );
    // Every job twice, all at once: pg-boss's create_queue alters shared tables, and two at once deadlock.
    await Promise.all([...jobs, ...jobs].map((job) => engine.ensure(job)));
    for (const job of jobs) expect(await engine.boss.getQueue(job.name)).toMatchObject({ name: job.name });
    expect(await Promise.all(jobs.slice(0, 2).map((job) => runJob(job, {})))).toEqual(["done", "done"]);
  });

  it("stores each finished step's result in PostgreSQL; a retry reads it back instead of running the step", async () => {
    const calls: string[] = [];
    const times: number[] = [];
    const job = defineJob({
      name: `test/steps-${uid()}`,
      schema: z.object({ n: z.number() }),
      retries: 2,
      handler: async ({ n }, { step, attempt }) => {
        times.push(Date.now());
        const a = await step.run("a", async () => {
          calls.push("a");
          return { doubled: n * 2 };
        });
        return step.run("b", async () => {
          calls.push("b");
          if (attempt < 2) throw new Error(`flaky ${attempt}`);
          return a.doubled + 1;
        });
      },
    });
    expect(await runJob(job, { n: 20 })).toBe(41);
    expect(calls).toEqual(["a", "b", "b", "b"]);
    // Backoff doubles: ≥ base before attempt 2, ≥ 2 × base before attempt 3.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(backoffMs(0) - 5);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(backoffMs(1) - 5);
    const steps = await db.jobStep.findMany({ where: { step_id: { in: ["a", "b"] } }, orderBy: { step_id: "asc" } });
    const mine = steps.filter((s) => JSON.stringify(s.output) === '{"doubled":40}' || s.output === 41);
    expect(mine.map((s) => s.step_id)).toEqual(["a", "b"]);
  });

  it("an enqueue id starts the job once", async () => {
    let runs = 0;
    const job = defineJob({
      name: `test/once-${uid()}`,
      schema: z.object({}),
      retries: 0,
      handler: async () => {
        runs++;
      },
    });
    const first = await enqueue(job, {}, { id: "same" });
    const second = await enqueue(job, {}, { id: "same" });
    expect(first.runId).toBeTruthy();
    expect(second.runId).toBeNull();
    await settleJobs();
    expect(runs).toBe(1);
  });

  it("a retry waiting in its backoff survives a restart of the engine and still runs", async () => {
    let attempts = 0;
    const job = defineJob({
      name: `test/restart-${uid()}`,
      schema: z.object({}),
      retries: 1,
      handler: async () => {
        attempts++;
        if (attempts === 1) throw new Error("first attempt fails");
        return "done";
      },
    });
    const { runId } = await enqueue(job, {});
    const engine = await getEngine();
    for (let i = 0; i < 100 && attempts < 1; i++) await new Promise((r) => setTimeout(r, 50));
    await stopEngine();
    // Nothing of the retry lives in memory any more: a new engine finds it in PostgreSQL.
    const again = await getEngine();
    expect(again).not.toBe(engine);
    await again.ensure(job);
    await settleJobs();
    const row = await again.boss.getJobById(job.name, runId!, { includeArchive: true });
    expect(row?.state).toBe("completed");
    expect(row?.retryCount).toBe(1);
    expect(attempts).toBe(2);
  });

  it("a run left active by a process that died is taken over and resumed after its last finished step", async () => {
    const calls: string[] = [];
    const job = defineJob({
      name: `test/orphan-${uid()}`,
      schema: z.object({}),
      retries: 2,
      handler: async (_p, { step }) => {
        await step.run("first", async () => calls.push("first"));
        await step.run("second", async () => calls.push("second"));
        return "resumed";
      },
    });
    const engine = await getEngine();
    await engine.boss.createQueue(job.name, { name: job.name });
    const id = await engine.boss.send(job.name, {}, { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    // A process fetched it, finished "first", and was killed: its row names a pid that no longer exists.
    const [fetched] = await engine.boss.fetch(job.name);
    expect(fetched?.id).toBe(id);
    await buildJobRun(db, { id: id!, name: job.name, worker_id: `${hostname()}:999999999:dead`, step: "second" }, [
      { step_id: "first", output: 1 },
    ]);
    await engine.ensure(job);
    await settleJobs(30_000);
    const row = await engine.boss.getJobById(job.name, id!, { includeArchive: true });
    expect(row?.state).toBe("completed");
    expect(calls).toEqual(["second"]); // "first" was read back, not run again
  });
});
