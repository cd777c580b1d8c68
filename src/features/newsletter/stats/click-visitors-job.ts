import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { forgetClickVisitors } from "./clicks.ts";

/** Daily: forgets the click deduplication's visitor hashes older than yesterday (their salt is gone anyway). */
export const forgetClickVisitorsJob = defineJob({
  name: "newsletter/click-visitors.forget",
  cron: "17 * * * *",
  schema: z.object({}),
  retries: 2,
  handler: async (_payload, { step }) => step.run("forget", () => forgetClickVisitors(db)),
});
