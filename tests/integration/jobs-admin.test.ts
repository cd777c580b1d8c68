import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { jobs } from "~/server/job-list.ts";
import { settleJobs } from "../support/jobs.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

const admin = callerAs(adminSession).admin.jobs;
const uid = () => Math.random().toString(36).slice(2, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runOf(id: string) {
  const { runs } = await admin.list();
  return runs.find((r) => r.id === id);
}

describe("operators' view of background jobs", () => {
  it("lists runs (status, attempts, step, error, timing) and the schedules with their next fire", async () => {
    let calls = 0;
    const job = defineJob({
      name: `test/admin-fail-${uid()}`,
      schema: z.object({}),
      retries: 1,
      handler: async (_p, { step }) => {
        await step.run("prepare", async () => "ok");
        await step.run("deliver", async () => {
          calls++;
          throw new Error("provider down");
        });
      },
    });
    const { runId } = await enqueue(job, {});
    await settleJobs();
    const run = await runOf(runId!);
    expect(run).toMatchObject({
      name: job.name,
      status: "failed",
      attempts: 2,
      max_attempts: 2,
      step: "deliver",
      error: "provider down",
    });
    expect(run!.started_at).toBeInstanceOf(Date);
    expect(run!.finished_at).toBeInstanceOf(Date);
    expect(run!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(calls).toBe(2);
    const { schedules, engine } = await admin.list();
    expect(engine).toBe("embedded");
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: "newsletter/weekly.scheduled", cron: "TZ=Europe/Madrid 0 8 * * 5" }),
    );
    expect(schedules[0]!.next_run_at.getTime()).toBeGreaterThan(Date.now());
  });

  it("retry resumes a failed run from its failed step; the steps before it are not run again", async () => {
    const calls = { prepare: 0, deliver: 0 };
    let healthy = false;
    const job = defineJob({
      name: `test/admin-retry-${uid()}`,
      schema: z.object({}),
      retries: 0,
      handler: async (_p, { step }) => {
        await step.run("prepare", async () => ++calls.prepare);
        return step.run("deliver", async () => {
          calls.deliver++;
          if (!healthy) throw new Error("provider down");
          return "delivered";
        });
      },
    });
    const { runId } = await enqueue(job, {});
    await settleJobs();
    expect((await runOf(runId!))?.status).toBe("failed");
    await expect(admin.cancel({ id: runId! })).rejects.toMatchObject({ code: "CONFLICT" });
    healthy = true;
    expect(await admin.retry({ id: runId! })).toEqual({ success: true, status: "retrying" });
    await settleJobs();
    expect((await runOf(runId!))?.status).toBe("completed");
    expect(calls).toEqual({ prepare: 1, deliver: 2 });
    await expect(admin.retry({ id: runId! })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("cancel: a running run stops before its next step; unknown ids are 404", async () => {
    const reached: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const job = defineJob({
      name: `test/admin-cancel-${uid()}`,
      schema: z.object({}),
      retries: 3,
      handler: async (_p, { step }) => {
        await step.run("one", async () => {
          reached.push("one");
          await gate;
        });
        await step.run("two", async () => reached.push("two"));
      },
    });
    const { runId } = await enqueue(job, {});
    while (reached.length === 0) await sleep(50);
    expect((await runOf(runId!))?.status).toBe("running");
    expect(await admin.cancel({ id: runId! })).toEqual({ success: true, status: "cancelled" });
    await sleep(3500); // the engine notices at its next heartbeat
    release();
    await settleJobs();
    await sleep(300);
    expect(reached).toEqual(["one"]);
    expect((await runOf(runId!))?.status).toBe("cancelled");
    await expect(admin.cancel({ id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await getEngine();
  });

  it("shows only the latest completed run of a scheduled job, so per-minute runs do not crowd the list", async () => {
    const publishDue = jobs.find((j) => j.name === "articles/publish-due")!;
    const first = await enqueue(publishDue, {});
    await settleJobs();
    const second = await enqueue(publishDue, {});
    await settleJobs();
    const plain = defineJob({
      name: `test/admin-plain-${uid()}`,
      schema: z.object({}),
      retries: 0,
      handler: async () => 1,
    });
    const a = await enqueue(plain, {});
    const b = await enqueue(plain, {});
    await settleJobs();
    const { runs } = await admin.list();
    const ids = runs.map((r) => r.id);
    expect(ids).not.toContain(first.runId);
    expect(ids).toEqual(expect.arrayContaining([a.runId, b.runId]));
    // The one shown is `second`, or a per-minute fire of the schedule that came after it.
    const shown = runs.filter((r) => r.name === publishDue.name && r.status === "completed");
    expect(shown).toHaveLength(1);
    const created = async (id: string) =>
      (await (await getEngine()).boss.getJobById(publishDue.name, id, { includeArchive: true }))!.createdOn.getTime();
    expect(await created(shown[0]!.id)).toBeGreaterThanOrEqual(await created(second.runId!));
  });
});
