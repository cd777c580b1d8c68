import fs from "node:fs";
import path from "node:path";
import { backupBytes, backupSite } from "~/platform/backup/backup-site.ts";
import { BACKUP_NAME, backupTime } from "~/platform/backup/manifest.ts";
import type { MediaSource } from "~/platform/backup/media-files.ts";
import { uploadBackup } from "~/platform/backup/s3-media.ts";
import { backupRoot, nonSecretSettings, s3Settings, siteMedia } from "~/platform/backup/site-storage.ts";
import { verifyBackup } from "~/platform/backup/verify-backup.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { databaseUrl } from "~/platform/env/live.ts";
import { backupsToKeep } from "./retention.ts";

export interface BackupDeps {
  databaseUrl: string;
  jobSchema: string;
  root: string;
  keep: { daily: number; weekly: number };
  media: MediaSource;
  /** Copies the verified backup off the machine (the bucket with MEDIA_STORAGE=s3). */
  upload?: (dir: string) => Promise<unknown>;
}

export const siteBackupDeps = (): BackupDeps => ({
  databaseUrl: env.DATABASE_URL ?? databaseUrl() ?? "",
  jobSchema: env.JOB_ENGINE_SCHEMA,
  root: backupRoot(),
  keep: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
  media: siteMedia(),
  upload: env.MEDIA_STORAGE === "s3" ? (dir) => uploadBackup(s3Settings(), dir) : undefined,
});

/**
 * The backup of one schedule slot: made, verified by restoring it into a scratch cluster, then the old ones
 * beyond the retention removed. Its row says how it went; a failed one raises the alert (health.ts) and its
 * folder is removed (a backup that does not restore is not one), the older ones stay.
 */
export async function runScheduledBackup(db: DbClient, slot: Date, deps: BackupDeps = siteBackupDeps()) {
  const run = await db.backupRun.upsert({
    where: { slot },
    create: { slot, status: "running" },
    update: { status: "running", started_at: new Date(), error: null },
  });
  let dir: string | undefined;
  try {
    const made = await backupSite({
      databaseUrl: deps.databaseUrl,
      jobSchema: deps.jobSchema,
      media: deps.media,
      root: deps.root,
      settings: nonSecretSettings(),
    });
    dir = made.dir;
    const verified = await verifyBackup(made.dir);
    await deps.upload?.(made.dir);
    const removed = pruneBackups(deps.root, deps.keep);
    await db.backupRun.update({
      where: { id: run.id },
      data: {
        status: "verified",
        name: made.manifest.name,
        finished_at: new Date(),
        tables: verified.tables,
        rows: BigInt(verified.rows),
        bytes: BigInt(backupBytes(made.manifest)),
      },
    });
    return { name: made.manifest.name, ...verified, removed };
  } catch (err) {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await db.backupRun.update({
      where: { id: run.id },
      data: { status: "failed", finished_at: new Date(), error: (err as Error).message.slice(0, 1000) },
    });
    throw err;
  }
}

/** Removes the backups the retention does not keep; returns their names. */
export function pruneBackups(root: string, keep: { daily: number; weekly: number }): string[] {
  if (!fs.existsSync(root)) return [];
  const backups = fs
    .readdirSync(root)
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => ({ name, at: backupTime(name) }));
  const kept = backupsToKeep(backups, keep);
  const removed = backups.filter((b) => !kept.has(b.name)).map((b) => b.name);
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}
