import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";
import { runJob } from "../support/jobs.ts";

/** A job shaped like the real ones: two steps, the second flaky on its first try. */
function flakyJob() {
  const calls = { fetch: 0, save: 0 };
  const job = defineJob({
    name: "test/flaky.requested",
    schema: z.object({ slug: z.string() }),
    retries: 2,
    handler: async ({ slug }, { step }) => {
      const material = await step.run("fetch", async () => {
        calls.fetch++;
        return `material for ${slug}`;
      });
      return step.run("save", async () => {
        calls.save++;
        if (calls.save === 1) throw new Error("database hiccup");
        return { saved: material };
      });
    },
  });
  return { job, calls };
}

describe("job contract", () => {
  it("validates payloads with the job's zod schema", () => {
    const { job } = flakyJob();
    expect(() => job.schema.parse({ slug: 1 })).toThrow();
    expect(job.event.name).toBe("test/flaky.requested");
  });

  it("runs on the embedded engine with retries, without re-running a step that succeeded", async () => {
    const { job, calls } = flakyJob();
    const result = await runJob(job, { slug: "ai-act" });
    expect(result).toEqual({ saved: "material for ai-act" });
    expect(calls).toEqual({ fetch: 1, save: 2 });
  });

  it("gives up after the configured retries: failed, with the reason", async () => {
    const job = defineJob({
      name: "test/broken.requested",
      schema: z.object({}),
      retries: 1,
      handler: async () => {
        throw new Error("provider down");
      },
    });
    await expect(runJob(job, {})).rejects.toThrow("provider down");
  });

  it("runs as an Inngest function (steps memoised, a failing step surfaces as a step error)", async () => {
    const { job, calls } = flakyJob();
    const t = new InngestTestEngine({
      function: toInngestFunction(job),
      events: [{ name: job.name, data: { slug: "nist" } }],
    });
    const first = await t.executeStep("fetch");
    expect(first.result).toBe("material for nist");
    const failing = await t.execute();
    expect(String((failing.error as Error | undefined)?.message ?? failing.error)).toContain("database hiccup");
    const ok = await t.execute();
    expect(ok.result).toEqual({ saved: "material for nist" });
    expect(calls.save).toBeGreaterThanOrEqual(2);
  });

  it("/api/inngest without Inngest configured answers 404 with the reason, not an SDK error", async () => {
    const route = await import("~/app/api/inngest/route.ts");
    for (const handler of [route.GET, route.POST, route.PUT]) {
      const res = await (handler as (req: Request) => Promise<Response>)(new Request("http://localhost/api/inngest"));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Inngest is not configured/);
    }
  });
});
