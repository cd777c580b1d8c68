import { randomUUID } from "node:crypto";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob, type JobFailure } from "~/platform/jobs/define-job.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";
import { registerJobs } from "~/platform/jobs/job-registry.ts";
import { portOf } from "~/platform/jobs/jobs-client.ts";
import { settleJobs } from "../support/jobs.ts";
import { readUntil } from "../support/until.ts";

/**
 * The jobs port's fan-out and live runs behave the same on both providers: a job's `step.sendEvent` starts one
 * run per event (an id already sent starts none), the runs not over yet are found by a payload field, and an
 * operator's cancel stops a run before its next step and tells its job once. The embedded engine runs on the
 * test's PostgreSQL; Inngest runs under @inngest/test, noting its runs in the same database.
 */
const uid = () => randomUUID().slice(0, 8);

function fanOutJobs(key: string, child: { gate?: Promise<void>; ran: number[]; failures: JobFailure[] }) {
  const childJob = defineJob({
    name: `test/fan-child-${key}`,
    schema: z.object({ key: z.string(), n: z.number() }),
    retries: 0,
    onFailure: async (_p, failure) => void child.failures.push(failure),
    handler: async ({ n }, { step }) => {
      await step.run("wait", () => child.gate ?? Promise.resolve());
      await step.run("work", async () => void child.ran.push(n));
      return n;
    },
  });
  const parentJob = defineJob({
    name: `test/fan-parent-${key}`,
    schema: z.object({ key: z.string() }),
    retries: 0,
    // Event 2 twice: the same id starts one run.
    handler: ({ key: k }, { step }) =>
      step.sendEvent(
        "fan-out",
        [0, 1, 2, 2].map((n) => ({ name: childJob.name, id: `${k}-${n}`, data: { key: k, n } })),
      ),
  });
  return { childJob, parentJob };
}

describe("jobs port: fan-out and live runs", () => {
  it("on the embedded engine: one run per event, live by payload, and a cancel stops one before its next step", async () => {
    const embedded = portOf("embedded");
    const key = uid();
    let release!: () => void;
    const child = { gate: new Promise<void>((r) => (release = r)), ran: [] as number[], failures: [] as JobFailure[] };
    const { childJob, parentJob } = fanOutJobs(key, child);
    await embedded.prepare(childJob);
    await embedded.enqueue(parentJob, { key }, {});

    const live = await readUntil(
      () => embedded.liveRuns(db, [childJob.name], "key", key),
      (runs) => runs.length === 3,
    );
    expect(live.every((r) => r.name === childJob.name)).toBe(true);
    expect(await embedded.liveRuns(db, [childJob.name], "key", "another-send")).toEqual([]);

    await embedded.cancel(childJob.name, live[0]!.id);
    // A run picked up just as it was cancelled hears of it at the engine's next heartbeat (every 3 s).
    await new Promise((r) => setTimeout(r, 3500));
    release();
    await settleJobs(60_000);

    expect(child.ran).toHaveLength(2); // the cancelled run never did its work; the others once each
    expect(new Set(child.ran).size).toBe(2);
    expect(child.failures).toEqual([expect.objectContaining({ cancelled: true, final: true })]);
    expect(await embedded.liveRuns(db, [childJob.name], "key", key)).toEqual([]);
  }, 120_000);

  it("under Inngest: one event per child; a running child is live by payload, and a cancel stops it", async () => {
    const inngest = portOf("inngest");
    const key = uid();
    const child = { ran: [] as number[], failures: [] as JobFailure[] };
    const { childJob, parentJob } = fanOutJobs(key, child);
    // As the server does at start (startJobs): a cancel finds the job's failure hook in the catalog.
    registerJobs([childJob, parentJob]);

    const parent = await new InngestTestEngine({
      function: toInngestFunction(parentJob),
      events: [{ name: parentJob.name, data: { key } }],
      // Inngest's event API is stood in (there is no Inngest server here); what is sent is recorded.
      steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }],
    }).execute();
    expect(parent.error).toBeUndefined();
    const sent = (parent.ctx.step.sendEvent as unknown as { mock: { calls: [string, { id: string }[]][] } }).mock.calls;
    expect(sent).toHaveLength(1);
    expect(sent[0]![1].map((e) => e.id)).toEqual([`${key}-0`, `${key}-1`, `${key}-2`, `${key}-2`]);

    // Inngest keeps one run id across a run's invocations; @inngest/test draws one per invocation unless told.
    const runChild = (n: number, during?: (runId: string) => Promise<void>) => {
      const runId = `run-${key}-${n}`;
      const job = during
        ? {
            ...childJob,
            handler: async (p: { key: string; n: number }, ctx: Parameters<typeof childJob.handler>[1]) => {
              await ctx.step.run("wait", () => during(runId));
              await ctx.step.run("work", async () => void child.ran.push(p.n));
              return p.n;
            },
          }
        : childJob;
      return new InngestTestEngine({
        function: toInngestFunction(job),
        events: [{ name: childJob.name, data: { key, n } }],
        transformCtx: (ctx) => ({ ...mockCtx(ctx), runId }),
      }).execute();
    };

    let seen: { id: string; name: string }[] = [];
    const done = await runChild(0, async (runId) => {
      seen = await inngest.liveRuns(db, [childJob.name], "key", key);
      expect(runId).toBe(`run-${key}-0`);
    });
    expect(done.error).toBeUndefined();
    expect(seen).toEqual([{ id: `run-${key}-0`, name: childJob.name }]);

    const cancelled = await runChild(1, async (runId) => inngest.cancel(childJob.name, runId));
    expect(cancelled.error).toBeDefined();
    expect(child.ran).toEqual([0]); // the cancelled run stopped before its "work" step
    expect(child.failures).toEqual([expect.objectContaining({ cancelled: true, final: true })]);
    expect(await inngest.liveRuns(db, [childJob.name], "key", key)).toEqual([]);
    const row = await db.inngestRun.findUnique({ where: { run_id: `run-${key}-1` } });
    expect(row?.status).toBe("cancelled");
  }, 60_000);
});
