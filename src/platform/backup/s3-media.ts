import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { s3Client as client, type S3Settings } from "~/platform/providers/image-storage-s3.ts";
import { isMediaKey, MEDIA_TYPES } from "~/platform/providers/media-keys.ts";
import type { MediaSource, MediaTarget } from "./media-files.ts";

/** Backups kept in the bucket live under this prefix, never a media key (keys start with the year). */
export const BUCKET_BACKUPS = "backups/";

async function listKeys(s3: S3Client, bucket: string, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

async function getBytes(s3: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
  } catch {
    return null;
  }
}

/** The media in the bucket (MEDIA_STORAGE=s3): every media key, none of the backups kept beside them. */
export function s3Media(settings: S3Settings): MediaSource & MediaTarget {
  const s3 = client(settings);
  const keys = async () =>
    (await listKeys(s3, settings.bucket)).filter((k) => !k.startsWith(BUCKET_BACKUPS) && isMediaKey(k));
  return {
    keys,
    read: (key) => getBytes(s3, settings.bucket, key),
    isEmpty: async () => (await keys()).length === 0,
    async write(key, bytes) {
      const type = MEDIA_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
      await s3.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: type }));
    },
  };
}

/** Copies a finished backup folder to the bucket, under backups/<name>/ (the manifest last: it marks it whole). */
export async function uploadBackup(settings: S3Settings, dir: string): Promise<string> {
  const s3 = client(settings);
  const name = path.basename(dir);
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
    .sort((a, b) => Number(a === "manifest.json") - Number(b === "manifest.json"));
  for (const file of files)
    await s3.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: `${BUCKET_BACKUPS}${name}/${file}`,
        Body: fs.readFileSync(path.join(dir, file)),
      }),
    );
  return `s3://${settings.bucket}/${BUCKET_BACKUPS}${name}/`;
}

/** Brings backups/<name>/ from the bucket into a local folder, to be checked and restored from there. */
export async function downloadBackup(settings: S3Settings, name: string, into: string): Promise<string> {
  const s3 = client(settings);
  const prefix = `${BUCKET_BACKUPS}${name}/`;
  const dir = path.join(into, name);
  for (const key of await listKeys(s3, settings.bucket, prefix)) {
    const bytes = await getBytes(s3, settings.bucket, key);
    if (!bytes) continue;
    const file = path.join(dir, key.slice(prefix.length));
    if (!path.resolve(file).startsWith(`${path.resolve(dir)}${path.sep}`)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  return dir;
}
