import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isMediaKey } from "~/platform/providers/media-keys.ts";
import { insideBackup, type Manifest } from "./manifest.ts";

type MediaEntry = Manifest["media"][number];

/**
 * Where the media of a backup come from and go to. Images are written once under a new key and never changed,
 * so copying the folder after the database's snapshot holds every image a row of the snapshot names.
 */
export interface MediaSource {
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer | null>;
}
export interface MediaTarget {
  isEmpty(): Promise<boolean>;
  write(key: string, bytes: Buffer): Promise<void>;
}

/** The local media folder (IMAGE_STORAGE_DIR, default .data/uploads). */
export function localMedia(dir: string): MediaSource & MediaTarget {
  const root = path.resolve(dir);
  const full = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async keys() {
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
        .filter(isMediaKey)
        .sort();
    },
    async read(key) {
      try {
        return await fs.promises.readFile(full(key));
      } catch {
        return null;
      }
    },
    async isEmpty() {
      return (await this.keys()).length === 0;
    },
    async write(key, bytes) {
      await fs.promises.mkdir(path.dirname(full(key)), { recursive: true });
      await fs.promises.writeFile(full(key), bytes);
    },
  };
}

/** Copies every media file into <backup>/media/, one at a time (a file is held in memory only while copied). */
export async function copyMediaOut(source: MediaSource, outDir: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const key of await source.keys()) {
    const bytes = await source.read(key);
    if (!bytes) continue; // deleted since it was listed: no row of the snapshot can still need it
    const file = `media/${key}`;
    const target = insideBackup(outDir, file);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, bytes);
    entries.push({ key, file, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  }
  return entries;
}

export async function copyMediaIn(dir: string, media: MediaEntry[], target: MediaTarget): Promise<void> {
  for (const m of media) await target.write(m.key, await fs.promises.readFile(insideBackup(dir, m.file)));
}
