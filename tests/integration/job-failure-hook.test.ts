import { hostname } from "node:os";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { type Context, StepError } from "inngest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob, type JobFailure, NonRetriableError } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { buildJobRun } from "../support/builders.ts";
import { runJob, settleJobs } from "../support/jobs.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

/**
 * The one "final attempt" rule: the runtime tells a job of each failed attempt through its `onFailure` hook,
 * `final` once no attempt follows, on the embedded engine (real PostgreSQL) and under Inngest alike.
 */
const uid = () => Math.random().toString(36).slice(2, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Seen = Pick<JobFailure, "attempt" | "final" | "cancelled" | "message">;

function failingJob(opts: { retries: number; error: () => Error; inStep?: boolean }) {
  const seen: Seen[] = [];
  const job = defineJob({
    name: `test/failure-hook-${uid()}`,
    schema: z.object({ tag: z.string() }),
    retries: opts.retries,
    onFailure: async (_payload, { attempt, final, cancelled, message }) => {
      seen.push({ attempt, final, cancelled, message });
    },
    handler: async (_payload, { step }) => {
      await step.run("prepare", async () => "ok");
      if (opts.inStep) await step.run("deliver", async () => Promise.reject(opts.error()));
      throw opts.error();
    },
  });
  return { job, seen };
}

describe("failure hook on the embedded engine", () => {
  it("hears every failed attempt, and the last one as final before the run is recorded failed", async () => {
    const { job, seen } = failingJob({ retries: 2, error: () => new Error("provider down"), inStep: true });
    await expect(runJob(job, { tag: "a" })).rejects.toThrow("provider down");
    expect(seen).toEqual([
      { attempt: 0, final: false, cancelled: false, message: "provider down" },
      { attempt: 1, final: false, cancelled: false, message: "provider down" },
      { attempt: 2, final: true, cancelled: false, message: "provider down" },
    ]);
  });

  it("a non-retriable error is final at once: one attempt", async () => {
    const { job, seen } = failingJob({ retries: 5, error: () => new NonRetriableError("record gone") });
    const started = Date.now();
    await expect(runJob(job, { tag: "b" })).rejects.toThrow("record gone");
    expect(seen).toEqual([{ attempt: 0, final: true, cancelled: false, message: "record gone" }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an operator's cancel reaches the hook once, as final and cancelled, while the run is still running", async () => {
    const seen: Seen[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered = false;
    const job = defineJob({
      name: `test/failure-hook-cancel-${uid()}`,
      schema: z.object({ tag: z.string() }),
      retries: 3,
      onFailure: async (_p, { attempt, final, cancelled, message }) => {
        seen.push({ attempt, final, cancelled, message });
      },
      handler: async (_p, { step }) => {
        await step.run("one", async () => {
          entered = true;
          await gate;
        });
        await step.run("two", async () => "never");
      },
    });
    const { runId } = await enqueue(job, { tag: "c" });
    while (!entered) await sleep(50);
    await callerAs(adminSession).admin.jobs.cancel({ id: runId! });
    expect(seen).toEqual([{ attempt: 0, final: true, cancelled: true, message: "cancelled by an operator" }]);
    release();
    await settleJobs();
    // The run's own stop (before step "two") does not report the cancel a second time.
    expect(seen).toHaveLength(1);
  });
});

describe("failure hook after a crash", () => {
  it("a run whose process died in its last attempt, its crash takeovers spent, is over: the sweep reports it as final", async () => {
    const seen: Seen[] = [];
    const job = defineJob({
      name: `test/failure-hook-crash-${uid()}`,
      schema: z.object({ tag: z.string() }),
      retries: 0,
      onFailure: async (_p, { attempt, final, cancelled }) => {
        seen.push({ attempt, final, cancelled, message: "" });
      },
      handler: async () => "never run here",
    });
    const engine = await getEngine();
    await engine.boss.createQueue(job.name, { name: job.name });
    const id = await engine.boss.send(job.name, { tag: "d" }, { retryLimit: 0 });
    // A process fetched its only attempt and was killed: its row names a pid that no longer exists. It had
    // already been taken over five times (a job that keeps killing its process), so crashes count from now on.
    await engine.boss.fetch(job.name);
    await buildJobRun(db, { id: id!, name: job.name, worker_id: `${hostname()}:999999999:dead`, takeovers: 5 });
    await engine.ensure(job);
    for (let i = 0; i < 200 && seen.length === 0; i++) await sleep(50);
    expect(seen).toEqual([{ attempt: 0, final: true, cancelled: false, message: "" }]);
    // The sweep reports before it fails the run (a crash between the two repeats the report), so wait for it.
    let state: string | undefined;
    for (let i = 0; i < 200 && state !== "failed"; i++) {
      state = (await engine.boss.getJobById(job.name, id!, { includeArchive: true }))?.state;
      if (state !== "failed") await sleep(50);
    }
    expect(state).toBe("failed");
  });
});

describe("failure hook under Inngest (@inngest/test)", () => {
  /** `exhausted`: the step Inngest reports as out of retries (it hands the handler a StepError then). */
  const stepsRun: string[] = [];
  const execute = (job: ReturnType<typeof failingJob>["job"], exhausted?: { step: string; message: string }) =>
    new InngestTestEngine({
      function: toInngestFunction(job),
      events: [{ name: job.name, data: { tag: "i" } }],
      transformCtx: (raw: Context.Any) => {
        const ctx = mockCtx(raw);
        if (!exhausted) return ctx;
        const run = ctx.step.run;
        const stepError = new StepError(exhausted.step, { name: "Error", message: exhausted.message });
        ctx.step.run = ((id: string, fn: () => unknown) => {
          stepsRun.push(id);
          return id === exhausted.step ? Promise.reject(stepError) : run(id, fn);
        }) as typeof run;
        return ctx;
      },
    }).execute();

  it("an attempt that will be retried is reported as not final, and no 'fail' step runs", async () => {
    const { job, seen } = failingJob({ retries: 3, error: () => new Error("flaky") });
    const { error, ctx } = await execute(job);
    expect(String((error as Error)?.message ?? error)).toContain("flaky");
    expect(seen).toEqual([{ attempt: 0, final: false, cancelled: false, message: "flaky" }]);
    expect(ctx.step.run).not.toHaveBeenCalledWith("fail", expect.anything());
  });

  it("a step out of retries is final: the hook runs once, in the memoised step 'fail'", async () => {
    const { job, seen } = failingJob({ retries: 3, error: () => new Error("provider down"), inStep: true });
    const { error } = await execute(job, { step: "deliver", message: "provider down" });
    expect(error).toBeDefined();
    expect(stepsRun).toContain("fail");
    expect(seen).toEqual([{ attempt: 0, final: true, cancelled: false, message: "provider down" }]);
  });

  it("a non-retriable error is final on the first attempt", async () => {
    const { job, seen } = failingJob({ retries: 3, error: () => new NonRetriableError("record gone") });
    const { error } = await execute(job);
    expect(String((error as Error)?.message ?? error)).toContain("record gone");
    expect(seen).toEqual([{ attempt: 0, final: true, cancelled: false, message: "record gone" }]);
  });
});
