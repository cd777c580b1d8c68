import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * A backup is one folder named by its time: `manifest.json`, the tables as gzipped COPY text under `db/`, the
 * media under `media/`. The manifest names every file with its size and sha256, so a restore checks all of
 * them before it writes anything; a table's `dataSha256` is the checksum of its rows as COPY text, which a
 * verification restore compares after reading the table back.
 */
export const MANIFEST = "manifest.json";
export const MANIFEST_FORMAT = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const fileEntry = z.object({ file: z.string().min(1), bytes: z.number().int().nonnegative(), sha256 });

export const tableEntry = fileEntry.extend({
  schema: z.string().min(1),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
  dataSha256: sha256,
});
export type TableEntry = z.infer<typeof tableEntry>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  name: z.string().min(1),
  createdAt: z.string().datetime(),
  /** The last migration applied to the backed-up database: a restore builds the schema up to it. */
  schemaVersion: z.string().min(1),
  migrations: z.array(z.string()),
  /** The job engine's schema and the pg-boss version that made it (null when the engine never ran). */
  jobEngine: z
    .object({
      schema: z.string().min(1),
      version: z.number().int(),
      /** The role that owned it (the app's role makes it at its first start): a restore hands it back. */
      owner: z.string().min(1).optional(),
    })
    .nullable(),
  tables: z.array(tableEntry),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  media: z.array(fileEntry.extend({ key: z.string().min(1) })),
  /** Settings that are not secrets, as they were when the backup ran (for the record; a restore sets none). */
  settings: z.record(z.string(), z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupRefused extends Error {
  override name = "BackupRefused";
}

export function fileSha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** A path inside the backup folder; a manifest naming anything outside it is refused. */
export function insideBackup(dir: string, file: string): string {
  const root = path.resolve(dir);
  const full = path.resolve(root, file);
  if (!full.startsWith(`${root}${path.sep}`))
    throw new BackupRefused(`the manifest names a file outside the backup: ${file}`);
  return full;
}

/**
 * Reads the manifest and checks every file it names (present, same size, same sha256): the reason of the first
 * mismatch, as a BackupRefused, before anything is written anywhere.
 */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupRefused(`no ${MANIFEST} in ${dir}: not a backup, or an unfinished one`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new BackupRefused(`${MANIFEST} is not valid JSON (truncated or corrupted): ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupRefused(`${MANIFEST} is malformed: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  for (const entry of [...parsed.data.tables, ...parsed.data.media]) {
    const full = insideBackup(dir, entry.file);
    if (!fs.existsSync(full)) throw new BackupRefused(`${entry.file} is missing (truncated backup)`);
    const size = fs.statSync(full).size;
    if (size !== entry.bytes)
      throw new BackupRefused(
        `${entry.file} has ${size} bytes, the manifest says ${entry.bytes} (truncated or corrupted)`,
      );
    if ((await fileSha256(full)) !== entry.sha256)
      throw new BackupRefused(`${entry.file} does not match its checksum in the manifest (corrupted)`);
  }
  return parsed.data;
}

/** Folder names sort by time: 2026-12-02T01-30-00-000Z. */
export const backupName = (at: Date) => at.toISOString().replace(/[:.]/g, "-");
export const BACKUP_NAME = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;
/** The time a backup's folder name says. */
export const backupTime = (name: string) => new Date(name.replace(BACKUP_NAME, "$1:$2:$3.$4Z"));
