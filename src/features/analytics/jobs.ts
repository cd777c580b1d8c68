import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { maintainAnalytics } from "./rollup.ts";

/**
 * Every 5 minutes: hourly and daily rollups of the raw hits, raw hits past 48 hours deleted, and every salt
 * but today's deleted (the day's salt is replaced at midnight UTC by the first hit of the new day).
 */
export const analyticsMaintenanceJob = defineJob({
  name: "analytics/maintenance.scheduled",
  schema: z.object({}),
  retries: 2,
  cron: "*/5 * * * *",
  handler: async (_payload, { step }) => step.run("roll-up", () => maintainAnalytics(db)),
});
