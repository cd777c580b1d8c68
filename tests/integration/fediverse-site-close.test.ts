import { describe, expect, it } from "vitest";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { startFediverseSite } from "../support/fediverse-site.ts";
import { settleJobs } from "../support/jobs.ts";

/**
 * A test site's federation closed with a task still queued (a delivery waiting out its retry): its runs end with
 * it. Left behind, the run retried for minutes with no listener, in the worker process, while the worker's next
 * test files ran.
 */
describe("a loopback fediverse site, closed", () => {
  it("leaves no run of its queue behind", async () => {
    const site = await startFediverseSite("closing");
    const { runId } = await enqueue(site.taskJob, { message: { type: "outbox", id: "late" } }, { delaySeconds: 1 });
    await site.close();
    await new Promise((r) => setTimeout(r, 1500));
    // Longer than the first retries' backoff (1 + 2 + 4 s): a run left retrying would still be pending.
    await settleJobs(10_000);
    const engine = await getEngine();
    const run = await engine.boss.getJobById(site.taskJob.name, runId!, { includeArchive: true });
    expect(run?.state).toBe("cancelled");
  }, 30_000);
});
