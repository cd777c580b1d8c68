/**
 * The fediverse's own process (FEDIVERSE_PROCESS=own), started beside the site's server and restarted by the
 * launcher (scripts/fediverse-supervisor.ts): the embedded engine works the article announcements and Fedify's
 * outgoing tasks (the fan-out, one delivery per inbox) here; the server enqueues them. It lowers its own CPU
 * priority first, so the kernel gives the pages the CPU whenever both want it: a fan-out then fills the idle
 * time instead of slowing readers.
 */
import os from "node:os";
import { lowerProcessPriority } from "~/platform/cpu/lower-priority.ts";
import { jobs } from "~/platform/jobs/jobs-client.ts";
import { federates, fediverseJobs, startFediverseJobs } from "~/server/fediverse-jobs.ts";
import { scopedProcessLog } from "./process-log.mjs";

/** Nice value of this process (0 is the server's; 19 the lowest priority). */
const FEDIVERSE_PROCESS_NICE = 15;

const log = scopedProcessLog("fediverse");

if (jobs.provider === "inngest") {
  log.info("Inngest runs the fediverse's deliveries (through the site's /api/inngest): nothing to do here");
  process.exit(0);
}
if (!federates()) {
  // Exit 0: the launcher does not start it again. Tasks queued before FEDIVERSE went off wait in their queue.
  log.info("the fediverse is off (FEDIVERSE, SITE_URL): nothing to deliver");
  process.exit(0);
}
lowerProcessPriority(FEDIVERSE_PROCESS_NICE);
await startFediverseJobs();
// startJobs reports an engine that did not start and goes on; this process has nothing else to do, so it
// fails instead (readying a queue starts the engine), and the launcher starts it again.
await jobs.prepare(fediverseJobs[0]!);
log.info(`the fediverse's process is working its queues (pid ${process.pid}, nice ${os.getPriority()})`);
process.send?.({ ready: true });
