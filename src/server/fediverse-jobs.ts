import {
  articleAnnouncementJob,
  fediverseEnabled,
  fediverseTaskJob,
  setDeliveryGate,
} from "~/features/fediverse/jobs.ts";
import { othersCpuMeter, spareCpuGate } from "~/platform/cpu/spare-cpu.ts";
import { env } from "~/platform/env/env.js";
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

/**
 * Deliveries wait while the other processes (the server above all) use more than FEDIVERSE_DELIVERY_YIELD_ABOVE
 * of the machine's CPU: a fan-out fills the idle time, and while pages stay busy it slows to a trickle of one
 * delivery a second once the oldest has waited 15 s. Its own priority alone (nice) could not do it: each
 * delivery also costs PostgreSQL, which runs at the server's priority. The gate looks at the meter once per
 * sample (250 ms) for all the held deliveries.
 */
const DELIVERY_GATE = { checkEveryMs: 250, maxWaitMs: 15_000, trickleEveryMs: 1000 };

/** The fediverse's own process: its queues only, none of the server's schedules or other jobs. */
export const startFediverseJobs = () => {
  const meter = othersCpuMeter();
  const busyAbove = env.FEDIVERSE_DELIVERY_YIELD_ABOVE;
  setDeliveryGate(spareCpuGate({ ...DELIVERY_GATE, busyAbove, othersBusy: meter.read }));
  return startJobs(fediverseJobs, { only: fediverseJobNames });
};

/** Whether the site federates at all (FEDIVERSE, SITE_URL): off, the own process has nothing to work. */
export const federates = fediverseEnabled;
