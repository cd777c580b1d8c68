import path from "node:path";
import { env } from "~/platform/env/env.js";
import { mediaBucketSettings, mediaFolder } from "~/platform/providers/image-storage.ts";
import { localMedia, type MediaSource, type MediaTarget } from "./media-files.ts";
import { s3Media } from "./s3-media.ts";

/** The folder backups are written to and listed from: BACKUP_DIR, default ./backups (beside .data, not in it). */
export const backupRoot = (): string => path.resolve(env.BACKUP_DIR ?? "backups");

/** The site's media, where the app keeps them: the local folder, or the bucket with MEDIA_STORAGE=s3. */
export function siteMedia(): MediaSource & MediaTarget {
  if (env.MEDIA_STORAGE === "s3") return s3Media(s3Settings());
  return localMedia(mediaFolder());
}

export const s3Settings = mediaBucketSettings;

// Names that hold a secret, or a URL that may carry a password: never written to a backup.
const SECRET = /KEY|SECRET|PASSWORD|TOKEN|_URL$|^DATABASE_ID$/;

/** The validated settings that are not secrets, as strings, for the backup's manifest. */
export function nonSecretSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (SECRET.test(name) || value === undefined || value === null || typeof value === "object") continue;
    settings[name] = String(value);
  }
  // SITE_URL is the public origin, not a secret; the pattern above leaves out every other URL.
  if (env.SITE_URL) settings.SITE_URL = env.SITE_URL;
  return settings;
}
