import type { AnyJob } from "./define-job.ts";

/**
 * The jobs this process knows, registered once at server start by the composition root (src/server/job-list.ts) so that the
 * runtime needs no import of a feature: the engine starts their workers and schedules, the start-up catch-up
 * reads their crons. A job enqueued before it was registered still runs (the jobs client hands it over).
 */
// One catalog per process: Next bundles the server start and each route apart, and all of them enqueue.
const holder = globalThis as { __jobCatalog?: Map<string, AnyJob>; __jobLane?: Lane };
holder.__jobCatalog ??= new Map<string, AnyJob>();
const catalog = holder.__jobCatalog;

/**
 * Which of the known jobs this process works. The site's server works all of them, or all but those a process
 * of their own works (the newsletter send, scripts/send-process.ts), which works only those and owns no
 * schedule: the schedules, their catch-up and the crash recovery of the other jobs stay with the server.
 */
export type Lane = { only?: readonly string[]; except?: readonly string[] };

export function registerJobs(list: readonly AnyJob[]): void {
  for (const job of list) catalog.set(job.name, job);
}

export const registeredJobs = (): AnyJob[] => [...catalog.values()];

/** Set before the engine starts (src/platform/jobs/start-jobs.ts); unset, this process works every job. */
export function setLane(lane: Lane): void {
  holder.__jobLane = lane;
}

/** Whether this process's engine runs workers for the job (its queue exists either way). */
export function worksHere(name: string): boolean {
  const lane = holder.__jobLane;
  if (lane?.only) return lane.only.includes(name);
  return !lane?.except?.includes(name);
}

/**
 * The server's duties, which a process that works only some jobs leaves to it: the schedules and their
 * catch-up, and the crash recovery of runs of jobs this process does not know (it could not tell them of it).
 */
export const runsSharedDuties = (): boolean => !holder.__jobLane?.only;
