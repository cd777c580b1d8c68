import { BackupRefused, readVerifiedManifest } from "./manifest.ts";
import { copyMediaIn, type MediaTarget } from "./media-files.ts";
import { checkRestorable, restoreDatabase } from "./restore-database.ts";

export interface RestoreInput {
  dir: string;
  /** A role that may create the schema and set session_replication_role (the embedded superuser, the owner). */
  databaseUrl: string;
  media: MediaTarget;
  force?: boolean;
  laterMigrations?: boolean;
  log?: (line: string) => void;
}

/**
 * Restores a backup: every check first (manifest, every file's size and checksum, known migrations, the job
 * engine's version, an empty database and media folder unless forced), then the database, then the media.
 * A refused backup writes nothing.
 */
export async function restoreSite(input: RestoreInput) {
  const manifest = await readVerifiedManifest(input.dir);
  await checkRestorable(input.databaseUrl, manifest, input.force ?? false);
  if (!input.force && manifest.media.length > 0 && !(await input.media.isEmpty()))
    throw new BackupRefused("the media folder is not empty: restore into an empty one, or pass --force to add to it");
  await restoreDatabase(input.databaseUrl, input.dir, manifest, {
    force: input.force,
    laterMigrations: input.laterMigrations,
    log: input.log,
  });
  await copyMediaIn(input.dir, manifest.media, input.media);
  return manifest;
}
