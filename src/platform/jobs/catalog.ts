import type { AnyJob } from "./contract.ts";

/**
 * The jobs this process knows, registered by the composition root (src/server/jobs/registry.ts) so that the
 * runtime needs no import of a feature: the engine starts their workers and schedules, the start-up catch-up
 * reads their crons. A job enqueued before it was registered still runs (the dispatcher hands it over).
 */
const catalog = new Map<string, AnyJob>();

export function registerJobs(list: readonly AnyJob[]): void {
  for (const job of list) catalog.set(job.name, job);
}

export const registeredJobs = (): AnyJob[] => [...catalog.values()];
