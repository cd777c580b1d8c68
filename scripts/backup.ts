import { backupBytes, backupSite } from "~/platform/backup/backup-site.ts";
import { uploadBackup } from "~/platform/backup/s3-media.ts";
import { backupRoot, nonSecretSettings, s3Settings, siteMedia } from "~/platform/backup/site-storage.ts";
import { ownerDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("backup");

/**
 * `npm run backup`: a backup of the site while it runs (docs/operations.md, "Backups"): the database from one
 * snapshot, the media, the settings that are not secrets, into BACKUP_DIR/<time>/ (and the bucket with
 * MEDIA_STORAGE=s3).
 */
const env = await prepareRuntime();
const { url, embedded } = await ownerDatabase(env);
try {
  const started = Date.now();
  const { dir, manifest } = await backupSite({
    databaseUrl: url,
    jobSchema: env.JOB_ENGINE_SCHEMA,
    media: siteMedia(),
    root: backupRoot(),
    settings: nonSecretSettings(),
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  log.info(
    `${dir}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.media.length} media files, ` +
      `${backupBytes(manifest)} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (env.MEDIA_STORAGE === "s3") log.info(`copied to ${await uploadBackup(s3Settings(), dir)}`);
} catch (err) {
  log.fatal({ err }, `failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
