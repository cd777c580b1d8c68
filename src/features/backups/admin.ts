import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { backupAlertMessage } from "./health.ts";
import { backupsScheduled } from "./jobs.ts";
import type { BackupsOverview } from "./schema.ts";

/** The last 30 scheduled backups, newest first, with the open alerts in the admin's language. */
export async function listBackups(db: DbClient, locale: "es" | "en"): Promise<BackupsOverview> {
  const rows = await db.backupRun.findMany({ orderBy: { slot: "desc" }, take: 30 });
  return {
    cron: backupsScheduled() ? env.BACKUP_CRON : null,
    keep: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
    runs: rows.map((r) => ({
      slot: r.slot,
      status: r.status as BackupsOverview["runs"][number]["status"],
      name: r.name,
      started_at: r.started_at,
      finished_at: r.finished_at,
      tables: r.tables,
      rows: r.rows === null ? null : Number(r.rows),
      bytes: r.bytes === null ? null : Number(r.bytes),
      error: r.error,
      alert:
        (r.status === "failed" || r.status === "missed") && !r.alert_resolved_at ? backupAlertMessage(r, locale) : null,
      emailed: r.alert_notified_at !== null,
    })),
  };
}
