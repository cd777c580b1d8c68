import { afterAll, vi } from "vitest";

/**
 * Unit and integration files share their worker process (no per-file isolation: loading the app's dependencies
 * again for every file took most of the suite's time, and a process of its own most of a unit file's CPU), so
 * each file starts from what a fresh process would give it: the environment as the worker started, the app's
 * own modules evaluated anew (env.js reads the variables a file stubs before importing), and no Prisma client,
 * job catalog or job engine left by the file before.
 */
const g = globalThis as unknown as {
  prisma?: { $disconnect(): Promise<void> };
  __jobEngine?: Promise<{ stop(): Promise<void> }>;
  __jobCatalog?: unknown;
  __jobLane?: unknown;
  __incrementalCache?: unknown;
  __riesgosServerCache?: unknown;
  __riesgosRedisCache?: unknown;
  __riesgosCacheNamespaces?: unknown;
  __fediverse?: unknown;
  __fediverseListeners?: unknown;
  __fediverseDeliveryGate?: unknown;
  __articleEventListeners?: unknown;
  __workerEnv?: Record<string, string | undefined>;
  __filesInWorker?: number;
};
// An engine started after the file before had stopped its own (a late enqueue from a task still running) would
// serve this file with that file's modules and schema: stop it before anything here asks for one.
const leftEngine = g.__jobEngine;
g.__jobEngine = undefined;
await (await leftEngine?.catch(() => undefined))?.stop();
g.__workerEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in g.__workerEnv)) delete process.env[key];
Object.assign(process.env, g.__workerEnv);
// What the app keeps on globalThis (one per process by design) starts empty for each file, as in a new process:
// a test's stand-in for Next's server cache or a shared-cache connection must not serve the next file.
g.prisma = undefined;
g.__jobCatalog = undefined;
g.__jobLane = undefined;
g.__incrementalCache = undefined;
g.__riesgosServerCache = undefined;
g.__riesgosRedisCache = undefined;
g.__riesgosCacheNamespaces = undefined;
// The federation (its database, origin and queue), its queue listeners and the article-event subscribers: left
// over, a file's correction was announced by the file before's federation to that file's followers.
g.__fediverse = undefined;
g.__fediverseListeners = undefined;
g.__fediverseDeliveryGate = undefined;
g.__articleEventListeners = undefined;
vi.resetModules();

// Each file gets its own job-engine schema: workers of another file (other fakes, other env) must never pick
// up this file's jobs on the shared database.
g.__filesInWorker = (g.__filesInWorker ?? 0) + 1;
process.env.JOB_ENGINE_SCHEMA = `pgboss_t${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}_${g.__filesInWorker}`;

// Stop the job engine, then close the shared Prisma pool at the end of each file so workers exit promptly.
afterAll(async () => {
  const engine = g.__jobEngine;
  g.__jobEngine = undefined;
  await (await engine?.catch(() => undefined))?.stop();
  await g.prisma?.$disconnect();
  g.prisma = undefined;
});
