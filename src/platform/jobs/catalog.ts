import type { AnyJob } from "./contract.ts";

/**
 * The jobs this process knows, registered once at server start by the composition root (src/server/jobs.ts) so that the
 * runtime needs no import of a feature: the engine starts their workers and schedules, the start-up catch-up
 * reads their crons. A job enqueued before it was registered still runs (the dispatcher hands it over).
 */
// One catalog per process: Next bundles the server start and each route apart, and all of them enqueue.
const holder = globalThis as { __jobCatalog?: Map<string, AnyJob> };
holder.__jobCatalog ??= new Map<string, AnyJob>();
const catalog = holder.__jobCatalog;

export function registerJobs(list: readonly AnyJob[]): void {
  for (const job of list) catalog.set(job.name, job);
}

export const registeredJobs = (): AnyJob[] => [...catalog.values()];
