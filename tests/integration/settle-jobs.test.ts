import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { settleJobs } from "../support/jobs.ts";

const uid = () => Math.random().toString(36).slice(2, 8);

describe("settleJobs, the tests' wait for the job engine to go idle", () => {
  it("waits for due runs but not for one scheduled minutes ahead, which stays scheduled", async () => {
    const ran: string[] = [];
    const job = defineJob({
      name: `test/settle-${uid()}`,
      schema: z.object({ n: z.string() }),
      retries: 0,
      handler: async ({ n }) => {
        await new Promise((r) => setTimeout(r, 300));
        ran.push(n);
        return n;
      },
    });
    // A replaced image's deletion waits out a grace period like this one: settling must not sit through it.
    const later = await enqueue(job, { n: "later" }, { id: "later", delaySeconds: 15 * 60 });
    const now = await enqueue(job, { n: "now" });
    const engine = await getEngine();
    try {
      await settleJobs(10_000);
      expect(ran).toEqual(["now"]);
      const scheduled = await engine.boss.getJobById<object>(job.name, later.runId!);
      expect(scheduled?.state).toBe("created");
      expect(scheduled!.startAfter.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
      expect((await engine.boss.getJobById<object>(job.name, now.runId!))?.state).toBe("completed");
    } finally {
      await engine.boss.deleteJob(job.name, later.runId!);
    }
  }, 30_000);
});
