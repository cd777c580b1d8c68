import { z } from "zod";

export const backupRunStatusSchema = z.enum(["running", "verified", "failed", "missed"]);

/** One scheduled backup as Admin › Trabajos lists it, with its alert when it failed or was missed. */
export const backupRunSchema = z.object({
  slot: z.date(),
  status: backupRunStatusSchema,
  name: z.string().nullable(),
  started_at: z.date(),
  finished_at: z.date().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The alert's text while it is open (a failed or missed backup with no verified one since), else null. */
  alert: z.string().nullable(),
  emailed: z.boolean(),
});

export const backupsOverviewSchema = z.object({
  /** The schedule (BACKUP_CRON), null when scheduled backups are off. */
  cron: z.string().nullable(),
  keep: z.object({ daily: z.number().int(), weekly: z.number().int() }),
  runs: z.array(backupRunSchema),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;
