import { agentRunJob } from "~/features/agents/index.ts";
import { analyticsMaintenanceJob } from "~/features/analytics/index.ts";
import { backupHealthJob, nightlyBackupJob } from "~/features/backups/index.ts";
import { contactMailJob } from "~/features/contact/index.ts";
import {
  articleAnnouncementJob,
  fediverseDeliveryPruneJob,
  fediverseInboxJob,
  fediverseSweepJob,
  fediverseTaskJob,
  queueArticleAnnouncement,
} from "~/features/fediverse/index.ts";
import { defineLinkCheckJob } from "~/features/grounding/index.ts";
import {
  forgetClickVisitorsJob,
  newsletterHealthJob,
  sendNewsletterGroupJob,
  sendNewsletterJob,
  signupMailJob,
  weeklyNewsletterJob,
} from "~/features/newsletter/index.ts";
import {
  deleteReplacedImageJob,
  publishDueArticlesJob,
  regenerateImageJob,
  revisionReports,
} from "~/features/publications/index.ts";
import { correctionPublishedJob } from "~/features/reader-reports/index.ts";
import { env } from "~/platform/env/env.js";
import { onArticleEvent } from "~/platform/events/article-events.ts";
import type { AnyJob } from "~/platform/jobs/define-job.ts";
import { toInngestFunction } from "~/platform/jobs/engines/inngest/functions.ts";
import type { Lane } from "~/platform/jobs/job-registry.ts";
import { registerJobs } from "~/platform/jobs/job-registry.ts";
import { startJobs } from "~/platform/jobs/start-jobs.ts";
import { fediverseJobNames } from "./fediverse-jobs.ts";
import { sendJobNames } from "./send-jobs.ts";

/** The link check stores its new reports with the desk's revisions. */
export const linkCheckJob = defineLinkCheckJob(revisionReports);

/**
 * Every job of the app, listed explicitly: a feature defines its jobs in its jobs.ts and adds them here; the
 * Inngest serve route and the embedded engine both read this list (a job with `cron` is scheduled on both).
 */
export const jobs: AnyJob[] = [
  agentRunJob,
  regenerateImageJob,
  signupMailJob,
  sendNewsletterJob,
  sendNewsletterGroupJob,
  contactMailJob,
  weeklyNewsletterJob,
  newsletterHealthJob,
  publishDueArticlesJob,
  linkCheckJob,
  deleteReplacedImageJob,
  analyticsMaintenanceJob,
  forgetClickVisitorsJob,
  nightlyBackupJob,
  backupHealthJob,
  correctionPublishedJob,
  articleAnnouncementJob,
  fediverseTaskJob,
  fediverseInboxJob,
  fediverseSweepJob,
  fediverseDeliveryPruneJob,
];

/** Hands the list to the runtime, which imports no feature (src/platform/jobs/job-registry.ts); safe to repeat. */
export function registerAppJobs(): void {
  registerJobs(jobs);
  subscribeToArticleEvents();
}

/** The desk's article events reach the fediverse (the desk imports no fediverse code). */
function subscribeToArticleEvents(): void {
  onArticleEvent(queueArticleAnnouncement);
}

/**
 * The jobs the server leaves to processes of their own: the newsletter send (NEWSLETTER_SEND_PROCESS=own) and
 * the fediverse's deliveries (FEDIVERSE_PROCESS=own). It still enqueues them.
 */
export function serverLane(settings: {
  NEWSLETTER_SEND_PROCESS: "own" | "server";
  FEDIVERSE_PROCESS: "own" | "server";
}): Lane {
  const except = [
    ...(settings.NEWSLETTER_SEND_PROCESS === "own" ? sendJobNames : []),
    ...(settings.FEDIVERSE_PROCESS === "own" ? fediverseJobNames : []),
  ];
  return except.length > 0 ? { except } : {};
}

/**
 * Server start (src/instrumentation.ts): the runtime gets the list and starts the engine or the catch-up,
 * working every job but those of the processes of their own (serverLane).
 */
export const startAppJobs = () => {
  subscribeToArticleEvents();
  return startJobs(jobs, serverLane(env));
};

/** The jobs as Inngest functions, for /api/inngest. */
export const appInngestFunctions = () => jobs.map(toInngestFunction);
