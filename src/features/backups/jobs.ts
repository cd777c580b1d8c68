import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { claimScheduleSlot, previousFire } from "~/platform/jobs/jobs-client.ts";
import { checkBackupHealth } from "./health.ts";
import { runScheduledBackup } from "./scheduled-backup.ts";

const NIGHTLY_BACKUP = "backups/nightly";
/** BACKUP_CRON=off: no scheduled backups (the test suite's servers, a site backed up by other means). */
export const backupsScheduled = () => env.BACKUP_CRON !== "off";

/**
 * The nightly backup (BACKUP_CRON): one run per slot whichever instance or engine fired it, caught up at start
 * when the site was down at its hour. A failure is recorded on its row and raises the alert; the engine
 * retries it once.
 */
export const nightlyBackupJob = defineJob({
  name: NIGHTLY_BACKUP,
  schema: z.object({ slot: z.string().datetime().optional() }),
  retries: 1,
  cron: backupsScheduled() ? env.BACKUP_CRON : undefined,
  catchUp: true,
  handler: async ({ slot }, { step, runId }) => {
    const claim = await step.run("claim", async () => {
      const at = slot ? new Date(slot) : previousFire(env.BACKUP_CRON);
      return { slot: at.toISOString(), won: await claimScheduleSlot(NIGHTLY_BACKUP, at, runId) };
    });
    if (!claim.won) return { slot: claim.slot, skipped: "already handled by another run" };
    return step.run("backup", () => runScheduledBackup(db, new Date(claim.slot)));
  },
});

/** Every hour: a missed slot, alerts to open, close and e-mail (health.ts). */
export const backupHealthJob = defineJob({
  name: "backups/health.check",
  cron: backupsScheduled() ? "17 * * * *" : undefined,
  schema: z.object({}),
  retries: 2,
  handler: async (_payload, { step }) => step.run("check", () => checkBackupHealth(db)),
});
