import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupRefused, readVerifiedManifest } from "~/platform/backup/manifest.ts";
import { restoreSite } from "~/platform/backup/restore-site.ts";
import { downloadBackup } from "~/platform/backup/s3-media.ts";
import { backupRoot, s3Settings, siteMedia } from "~/platform/backup/site-storage.ts";
import { ownerDatabase } from "./database.ts";
import { prepareRuntime } from "./prepare-runtime.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("restore");

/**
 * `npm run restore -- <backup> [--force]`: a backup folder (a path, or a name in BACKUP_DIR; with
 * MEDIA_STORAGE=s3 also a name in the bucket) into the site's database and media, both empty unless --force.
 * The backup is checked whole before anything is written (docs/operations.md, "Backups").
 */
const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
const [which] = positionals;
if (!which) {
  log.fatal("usage: npm run restore -- <backup folder or name> [--force]");
  process.exit(2);
}
const env = await prepareRuntime();

async function locate(name: string): Promise<string> {
  for (const dir of [path.resolve(name), path.join(backupRoot(), name)]) if (fs.existsSync(dir)) return dir;
  if (env.MEDIA_STORAGE === "s3") {
    const dir = await downloadBackup(s3Settings(), path.basename(name), fs.mkdtempSync(path.join(os.tmpdir(), "rst-")));
    if (fs.existsSync(dir)) return dir;
  }
  throw new BackupRefused(`no backup named ${name} (looked in ${backupRoot()})`);
}

try {
  const dir = await locate(which);
  // Checked before the database is even started: a refused backup leaves no trace.
  await readVerifiedManifest(dir);
  const { url, embedded, grantApp } = await ownerDatabase(env);
  try {
    // The app's role first (a new cluster has none): the restore hands the job engine's schema back to it.
    await grantApp();
    const manifest = await restoreSite({
      dir,
      databaseUrl: url,
      media: siteMedia(),
      force: values.force,
      log: (line) => log.info(line),
    });
    await grantApp();
    log.info(
      `${manifest.name} restored (schema ${manifest.schemaVersion}, ${manifest.media.length} media files); ` +
        "the database has a new identity: no page cached before the restore is served",
    );
  } finally {
    await embedded?.stop();
  }
} catch (err) {
  log.fatal(
    { err },
    `${err instanceof BackupRefused ? "refused" : "failed"}: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exitCode = 1;
}
