import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/platform/env/env.js";
import { S3ImageStorage, type S3Settings } from "./image-storage-s3.ts";
import { type ImageStorage, isMediaKey, MEDIA_PREFIX, MEDIA_TYPES, newMediaKey } from "./media-keys.ts";

/** The default: a folder on this machine (IMAGE_STORAGE_DIR, default .data/uploads). */
class LocalImageStorage implements ImageStorage {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer, _contentType: string, ext: string): Promise<string> {
    const key = newMediaKey(ext);
    const file = path.join(this.dir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return `${MEDIA_PREFIX}${key}`;
  }

  /** Resolves a key inside the storage folder; anything escaping it (../) is treated as absent. */
  private resolve(key: string): string | null {
    if (!isMediaKey(key)) return null;
    const root = path.resolve(this.dir);
    const file = path.resolve(root, key);
    return file.startsWith(`${root}${path.sep}`) ? file : null;
  }

  async get(key: string) {
    const file = this.resolve(key);
    const contentType = MEDIA_TYPES[path.extname(key).toLowerCase()];
    if (!file || !contentType) return null;
    try {
      return { bytes: await fs.readFile(file), contentType };
    } catch {
      return null;
    }
  }

  async delete(url: string) {
    if (!url.startsWith(MEDIA_PREFIX)) return;
    const file = this.resolve(url.slice(MEDIA_PREFIX.length));
    if (file) await fs.rm(file, { force: true });
  }
}

let storage: ImageStorage | undefined;

/** The configured bucket (MEDIA_STORAGE=s3): the media driver and the backups read the same settings. */
export const mediaBucketSettings = (): S3Settings => ({
  bucket: env.S3_BUCKET ?? "",
  region: env.S3_REGION,
  endpoint: env.S3_ENDPOINT,
  forcePathStyle: env.S3_FORCE_PATH_STYLE,
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
});

/** The local media folder (MEDIA_STORAGE=local). */
export const mediaFolder = (): string => env.IMAGE_STORAGE_DIR ?? path.join(process.cwd(), ".data", "uploads");

export function imageStorage(): ImageStorage {
  storage ??=
    env.MEDIA_STORAGE === "s3" ? new S3ImageStorage(mediaBucketSettings()) : new LocalImageStorage(mediaFolder());
  return storage;
}
