import { articleAnnouncementJob, fediverseEnabled, fediverseTaskJob } from "~/features/fediverse/jobs.ts";
import type { AnyJob } from "~/platform/jobs/define-job.ts";
import { startJobs } from "~/platform/jobs/start-jobs.ts";

/**
 * The fediverse's outgoing queues. With FEDIVERSE_PROCESS=own a process of their own works them
 * (scripts/fediverse-process.ts, started by `npm start` at a lower CPU priority), so a fan-out to thousands of
 * followers neither shares the pages' event loop nor outranks them for the CPU; the server still enqueues them
 * (the desk's publication, an operator's retry) and works the incoming activities (`fediverse/inbox`).
 */
export const fediverseJobs: AnyJob[] = [articleAnnouncementJob, fediverseTaskJob];
export const fediverseJobNames = fediverseJobs.map((j) => j.name);

/** The fediverse's own process: its queues only, none of the server's schedules or other jobs. */
export const startFediverseJobs = () => startJobs(fediverseJobs, { only: fediverseJobNames });

/** Whether the site federates at all (FEDIVERSE, SITE_URL): off, the own process has nothing to work. */
export const federates = fediverseEnabled;
