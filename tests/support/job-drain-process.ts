/**
 * The embedded engine in a process of its own with a wide job (16 at once: two workers taking batches of 8):
 * RUNS runs are queued at once, and the process reports when each ran. Polling is set long
 * (JOB_POLL_SECONDS) so that a worker waiting its interval between full batches shows.
 */
import { z } from "zod";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueueMany } from "~/platform/jobs/jobs-client.ts";

const RUNS = Number(process.argv[2] ?? 32);
const ranAt: number[] = [];
const job = defineJob({
  name: "test/drain",
  schema: z.object({ n: z.number() }),
  retries: 0,
  workers: 16,
  handler: async () => void ranAt.push(Date.now()),
});
const engine = await getEngine();
await engine.ensure(job);
const queuedAt = Date.now();
await enqueueMany(
  job,
  Array.from({ length: RUNS }, (_, n) => ({ payload: { n } })),
);
const deadline = Date.now() + 90_000;
while (ranAt.length < RUNS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
process.send?.({ ran: ranAt.length, lastMs: Math.max(...ranAt) - queuedAt });
await engine.stop();
process.exit(0);
