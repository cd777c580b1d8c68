import { agentRunJob } from "./agent-run.ts";
import { contactMailJob } from "./contact.ts";
import type { AnyJob } from "./contract.ts";
import { sendNewsletterJob, signupMailJob } from "./newsletter.ts";
import { publishDueArticlesJob } from "./publish-due.ts";
import { regenerateImageJob } from "./regenerate-image.ts";

/**
 * Every job of the app. Features register theirs here; the Inngest serve route and the in-process
 * dispatcher both read this list.
 */
export const jobs: AnyJob[] = [
  agentRunJob,
  regenerateImageJob,
  signupMailJob,
  sendNewsletterJob,
  contactMailJob,
  publishDueArticlesJob,
];
