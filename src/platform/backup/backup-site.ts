import fs from "node:fs";
import path from "node:path";
import { dumpDatabase } from "./dump-database.ts";
import { backupName, MANIFEST, MANIFEST_FORMAT, type Manifest } from "./manifest.ts";
import { copyMediaOut, type MediaSource } from "./media-files.ts";

export interface BackupInput {
  /** A role that may read every table (the embedded superuser, or the schema's owner). */
  databaseUrl: string;
  jobSchema: string;
  media: MediaSource;
  /** The folder backups are written into, each in a folder of its own named by time. */
  root: string;
  settings: Record<string, string>;
  now?: Date;
}

/**
 * One backup of the running site: the database from one snapshot, then the media, then the manifest. It is
 * written under a dot-name and renamed when complete, so an interrupted backup is never taken for one.
 */
export async function backupSite(input: BackupInput): Promise<{ dir: string; manifest: Manifest }> {
  const now = input.now ?? new Date();
  const name = backupName(now);
  const dir = path.join(path.resolve(input.root), name);
  const partial = path.join(path.resolve(input.root), `.${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const database = await dumpDatabase(input.databaseUrl, partial, { jobSchema: input.jobSchema });
    const media = await copyMediaOut(input.media, partial);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      name,
      createdAt: now.toISOString(),
      ...database,
      media,
      settings: input.settings,
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    fs.renameSync(partial, dir);
    return { dir, manifest };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Bytes of a backup on disk. */
export function backupBytes(manifest: Manifest): number {
  return [...manifest.tables, ...manifest.media].reduce((sum, f) => sum + f.bytes, 0);
}
