import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine, runIdFor } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueueMany, wakeWorkers } from "~/platform/jobs/jobs-client.ts";
import { settleJobs, waitForRunState } from "../support/jobs.ts";
import { until } from "../support/until.ts";

const uid = () => Math.random().toString(36).slice(2, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stateOf(name: string, id: string) {
  const engine = await getEngine();
  const row = await engine.boss.getJobById<object>(name, id, { includeArchive: true });
  return row?.state;
}

describe("each run's outcome is its own attempt's", () => {
  // A wide job takes its runs in batches. One run of a batch can fail, wait out its backoff and start again on
  // another worker while the batch still works; the end of the batch must not settle that new attempt.
  it("a run retried while the rest of its batch still works ends with its last attempt's outcome", async () => {
    let attemptsOfA = 0;
    let releaseB = () => {};
    const bHeld = new Promise<void>((r) => (releaseB = r));
    let releaseSecond = () => {};
    const secondHeld = new Promise<void>((r) => (releaseSecond = r));
    const job = defineJob({
      name: `test/batch-outcome-${uid()}`,
      schema: z.object({ which: z.enum(["a", "b"]) }),
      retries: 3,
      workers: 4, // two pollers, each taking batches of two
      handler: async ({ which }) => {
        if (which === "b") {
          await bHeld;
          return "b";
        }
        attemptsOfA++;
        if (attemptsOfA === 1) throw new Error("the first attempt fails at once");
        if (attemptsOfA === 2) {
          await secondHeld;
          throw new Error("the second attempt fails after its first batch ended");
        }
        return "a";
      },
    });
    const key = uid();
    await enqueueMany(job, [
      { payload: { which: "a" }, opts: { id: `a-${key}` } },
      { payload: { which: "b" }, opts: { id: `b-${key}` } },
    ]);
    const [a, b] = [runIdFor(job.name, `a-${key}`), runIdFor(job.name, `b-${key}`)];

    await waitForRunState(job, `a-${key}`, "retry");
    const engine = await getEngine();
    // Its backoff ended: the other poller takes it while the first batch still holds b.
    await engine.boss
      .getDb()
      .executeSql(`UPDATE ${engine.schema}.job SET start_after = now() WHERE id = $1::uuid`, [a]);
    await wakeWorkers(job);
    await until("a's second attempt", async () => attemptsOfA === 2, { everyMs: 50 });

    releaseB();
    await until("b completed", async () => (await stateOf(job.name, b)) === "completed", { everyMs: 50 });
    await sleep(300);
    expect(await stateOf(job.name, a), "a is still in its second attempt").toBe("active");

    releaseSecond();
    await settleJobs(60_000, { skipBackoff: true });
    expect(attemptsOfA).toBe(3);
    const row = await engine.boss.getJobById<object>(job.name, a, { includeArchive: true });
    expect(row?.state).toBe("completed");
    expect(row?.output).toEqual({ value: "a" });
  }, 60_000);
});
