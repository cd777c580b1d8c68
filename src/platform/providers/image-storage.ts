import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/platform/env/env.js";

/**
 * Where generated images live. The local driver writes to a folder the app serves at /api/media/…;
 * an object-storage driver (S3, R2, GCS) implements the same three calls and returns its public URL.
 */
interface ImageStorage {
  /** Stores the bytes and returns the public URL to save in `image_url`. */
  put(bytes: Buffer, contentType: string, ext: string): Promise<string>;
  /** Reads a stored image by its key (the path after /api/media/); null when absent. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(url: string): Promise<void>;
}

const MEDIA_PREFIX = "/api/media/";
const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

class LocalImageStorage implements ImageStorage {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer, _contentType: string, ext: string): Promise<string> {
    const now = new Date();
    const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${ext}`;
    const file = path.join(this.dir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return `${MEDIA_PREFIX}${key}`;
  }

  /** Resolves a key inside the storage folder; anything escaping it (../) is treated as absent. */
  private resolve(key: string): string | null {
    if (!/^[\w/.-]+$/.test(key)) return null;
    const root = path.resolve(this.dir);
    const file = path.resolve(root, key);
    return file.startsWith(`${root}${path.sep}`) ? file : null;
  }

  async get(key: string) {
    const file = this.resolve(key);
    const contentType = TYPES[path.extname(key).toLowerCase()];
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

export function imageStorage(): ImageStorage {
  storage ??= new LocalImageStorage(env.IMAGE_STORAGE_DIR ?? path.join(process.cwd(), ".data", "uploads"));
  return storage;
}
