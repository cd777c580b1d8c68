import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";

/** Under Inngest the operators' view lists the runs the app saw, each linked to its page in the dashboard. */
const uid = () => Math.random().toString(36).slice(2, 8);

describe("Inngest runs in the operators' view", () => {
  it("notes each run's step and outcome; GET /api/admin/jobs lists them with a dashboard link", async () => {
    const ok = defineJob({
      name: `test/inngest-ok-${uid()}`,
      schema: z.object({}),
      retries: 2,
      handler: async (_p, { step }) => {
        await step.run("fetch", async () => 1);
        return step.run("save", async () => 2);
      },
    });
    const broken = defineJob({
      name: `test/inngest-broken-${uid()}`,
      schema: z.object({}),
      retries: 0,
      handler: async () => {
        throw new Error("provider down");
      },
    });
    const done = await new InngestTestEngine({
      function: toInngestFunction(ok),
      events: [{ name: ok.name, data: {} }],
    }).execute();
    const failed = await new InngestTestEngine({
      function: toInngestFunction(broken),
      events: [{ name: broken.name, data: {} }],
    }).execute();
    expect(done.result).toBe(2);
    // @inngest/test gives each invocation of a run its own runId (Inngest keeps one per run): the invocation that
    // returned is the one with the outcome, the ones before it ran the steps.
    const rows = await db.inngestRun.findMany({ where: { name: { in: [ok.name, broken.name] } } });
    expect(rows.find((r) => r.run_id === done.ctx.runId)).toMatchObject({ status: "completed", name: ok.name });
    expect(rows.filter((r) => r.name === ok.name).map((r) => r.step)).toContain("save");
    expect(rows.find((r) => r.run_id === failed.ctx.runId)).toMatchObject({ status: "failed", error: "provider down" });

    vi.resetModules();
    vi.stubEnv("INNGEST_DEV", "1");
    const { listJobs } = await import("~/features/job-runs/admin.ts");
    const overview = await listJobs(db);
    vi.unstubAllEnvs();
    expect(overview.engine).toBe("inngest");
    const run = overview.runs.find((r) => r.id === done.ctx.runId);
    expect(run).toMatchObject({ name: ok.name, status: "completed" });
    expect(run!.dashboard_url).toContain(encodeURIComponent(done.ctx.runId));
    expect(overview.dashboard_url).toMatch(/runs$/);
  });
});
