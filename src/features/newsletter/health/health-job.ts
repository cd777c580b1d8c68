import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { checkNewsletterHealth } from "./health.ts";

/**
 * Newsletter health, every minute on the durable engine (and under Inngest): failed or stalled sends and a
 * Friday with nothing sent by noon raise an alert, shown in the admin and e-mailed to the editors once.
 */
export const newsletterHealthJob = defineJob({
  name: "newsletter/health.check",
  cron: "* * * * *",
  schema: z.object({}),
  retries: 2,
  handler: async (_payload, { step }) => step.run("check", () => checkNewsletterHealth(db)),
});
