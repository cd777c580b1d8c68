import { embeddedPort } from "./embedded-port.ts";
import { inngestPort } from "./inngest-port.ts";
import type { JobsPort } from "./port.ts";
import { type JobsProvider, jobsProvider } from "./provider.ts";

export type { EnqueueOptions, JobsPort, LiveRun } from "./port.ts";
export type { JobsProvider } from "./provider.ts";
export { claimScheduleSlot, nextFire, previousFire } from "./schedules.ts";

const ports: Record<JobsProvider, JobsPort> = { embedded: embeddedPort, inngest: inngestPort };

/** The port of a provider (tests reach both; the app uses `jobs`). */
export const portOf = (provider: JobsProvider): JobsPort => ports[provider];

/**
 * The app's jobs: the one entry features use to enqueue, cancel, list live runs and read schedules, whichever
 * provider JOBS_PROVIDER chose for this process (provider.ts).
 */
export const jobs: JobsPort = ports[jobsProvider];
