/**
 * The embedded engine in a process of its own with QUEUES idle queues (two workers each, as the app's jobs):
 * it says "ready" once they are set up. Asked "delayed", it queues a run of the first job due in one second
 * (nothing in this process wakes its workers for it) and reports how long until it ran; asked "stop", it stops.
 */
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";

const QUEUES = Number(process.argv[2] ?? 10);
let queuedAt = 0;
const jobs = Array.from({ length: QUEUES }, (_, n) =>
  defineJob({
    name: `test/idle-${n}`,
    schema: z.object({}),
    retries: 0,
    handler: async () => void process.send?.({ ranAfterMs: Date.now() - queuedAt }),
  }),
);
const engine = await getEngine();
for (const job of jobs) await engine.ensure(job);
process.on("message", async (message) => {
  if (message === "delayed") {
    queuedAt = Date.now();
    await enqueue(jobs[0]!, {}, { delaySeconds: 1 });
  } else if (message === "stop") {
    await engine.stop();
    process.exit(0);
  }
});
process.send?.("ready");
