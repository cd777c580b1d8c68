import { afterAll } from "vitest";

// Each test process gets its own job-engine schema: workers of another file (other fakes, other env) must
// never pick up this file's jobs on the shared database.
process.env.JOB_ENGINE_SCHEMA ??= `pgboss_t${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}`;

// Stop the job engine, then close the shared Prisma pool at the end of each file so workers exit promptly.
afterAll(async () => {
  const g = globalThis as unknown as {
    prisma?: { $disconnect(): Promise<void> };
    __jobEngine?: Promise<{ stop(): Promise<void> }>;
  };
  const engine = g.__jobEngine;
  g.__jobEngine = undefined;
  await (await engine?.catch(() => undefined))?.stop();
  await g.prisma?.$disconnect();
});
