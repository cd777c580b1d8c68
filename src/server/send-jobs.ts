import { sendNewsletterGroupJob, sendNewsletterJob } from "~/features/newsletter/jobs.ts";
import type { AnyJob } from "~/platform/jobs/define-job.ts";
import { startJobs } from "~/platform/jobs/start-jobs.ts";

/**
 * The newsletter send's queues. With NEWSLETTER_SEND_PROCESS=own a process of their own works them
 * (scripts/send-process.ts, started by `npm start`), so the memory a large send churns through never weighs on
 * the server's pages; the server still enqueues them. Imported from the feature's jobs.ts, not its index, so
 * that process loads the send and nothing of the routers, pages or other features.
 */
export const sendJobs: AnyJob[] = [sendNewsletterJob, sendNewsletterGroupJob];
export const sendJobNames = sendJobs.map((j) => j.name);

/** The send's own process: its queues only, none of the server's schedules or other jobs. */
export const startSendJobs = () => startJobs(sendJobs, { only: sendJobNames });
