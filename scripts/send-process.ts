/**
 * The newsletter send's own process (NEWSLETTER_SEND_PROCESS=own), started beside the site's server and
 * restarted by the launcher (scripts/send-supervisor.ts): the embedded engine works the send's queues here,
 * the server enqueues them. A large send's garbage then weighs on this small heap, not on the pages'.
 */
import { jobs } from "~/platform/jobs/jobs-client.ts";
import { sendJobs, startSendJobs } from "~/server/send-jobs.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("send");

if (jobs.provider === "inngest") {
  log.info("Inngest runs the newsletter send (through the site's /api/inngest): nothing to do here");
  process.exit(0);
}
await startSendJobs();
// startJobs reports an engine that did not start and goes on; this process has nothing else to do, so it
// fails instead (readying a queue starts the engine), and the launcher starts it again.
await jobs.prepare(sendJobs[0]!);
log.info(`the newsletter send's process is working its queues (pid ${process.pid})`);
