import { z } from "zod";

const jobRunStatusSchema = z.enum(["queued", "retrying", "running", "completed", "cancelled", "failed"]);

/** One run of a background job, as the operators' view lists it. */
export const jobRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: jobRunStatusSchema,
  /** Attempts started so far (0 while queued). */
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** The step running now, or the last one reached. */
  step: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.date(),
  started_at: z.date().nullable(),
  finished_at: z.date().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Under Inngest, the run in the Inngest dashboard. */
  dashboard_url: z.string().nullable(),
});
export type JobRunDto = z.infer<typeof jobRunSchema>;

const jobScheduleSchema = z.object({
  name: z.string(),
  cron: z.string(),
  next_run_at: z.date(),
});

export const jobsOverviewSchema = z.object({
  engine: z.enum(["embedded", "inngest"]),
  /** Under Inngest: the app's runs in the Inngest dashboard (replay failed runs there). */
  dashboard_url: z.string().nullable(),
  runs: z.array(jobRunSchema),
  schedules: z.array(jobScheduleSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobRunIdInputSchema = z.object({ id: z.string().uuid() });
