import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { publishDueArticles } from "./schedule.ts";

/**
 * Scheduled publishing: every minute, publish the approved articles whose `publish_at` has come. The schedule
 * lives in the database, so a restart loses nothing: the next tick publishes whatever fell due meanwhile.
 */
export const publishDueArticlesJob = defineJob({
  name: "articles/publish-due",
  cron: "* * * * *",
  schema: z.object({}),
  retries: 3,
  handler: async (_payload, { step }) => step.run("publish", () => publishDueArticles(db, new Date())),
});
