import { z } from "zod";

const jobRunStatusSchema = z.enum(["queued", "retrying", "running", "completed", "cancelled", "failed"]);

/** One attempt of a run: its times and how it ended (completed, failed, cancelled, crashed) with the reason. */
const jobAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.date(),
  ended_at: z.date().nullable(),
  outcome: z.enum(["completed", "failed", "cancelled", "crashed"]).nullable(),
  reason: z.string().nullable(),
});

/** One run of a background job, as the operators' view lists it. */
export const jobRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: jobRunStatusSchema,
  /** Attempts started so far (0 while queued), crash takeovers included. */
  attempts: z.number().int(),
  /** The attempts the run may spend on failures of its work (crash takeovers do not count). */
  max_attempts: z.number().int(),
  /** Attempts that ended because their process died, and were taken over. */
  takeovers: z.number().int(),
  /** The step running now, or the last one reached. */
  step: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.date(),
  /** The run's first start (of its first attempt), its end, and the time between: the whole run. */
  started_at: z.date().nullable(),
  finished_at: z.date().nullable(),
  duration_ms: z.number().int().nullable(),
  attempt_log: z.array(jobAttemptSchema),
  /** What the job reported of its progress (a send: recipients delivered of the total), and the time left. */
  progress: z
    .object({ done: z.number().int(), total: z.number().int(), eta_seconds: z.number().int().nullable() })
    .nullable(),
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
