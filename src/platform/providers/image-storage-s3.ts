import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { type ImageStorage, isMediaKey, MEDIA_PREFIX, MEDIA_TYPES, newMediaKey } from "./media-keys.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset → AWS; R2, MinIO and other S3-compatible stores give their own. */
  endpoint?: string;
  /** Bucket in the path (endpoint/bucket/key) rather than in the host name: MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Unset → the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** A client for the configured bucket (the media driver and the backups use the same settings). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/**
 * Generated images in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), so that every instance serves
 * an image whichever one generated it. The bucket stays private: the app serves /api/media/<key> by reading
 * the object, exactly as with the local driver, so URLs saved in `image_url` do not depend on the driver.
 */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = s3Client(settings);
  }

  async put(bytes: Buffer, contentType: string, ext: string): Promise<string> {
    const key = newMediaKey(ext);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
    return `${MEDIA_PREFIX}${key}`;
  }

  async get(key: string) {
    const contentType = MEDIA_TYPES[key.slice(key.lastIndexOf(".")).toLowerCase()];
    if (!isMediaKey(key) || !contentType) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!object.Body) return null;
      return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType };
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404))
        return null;
      throw err;
    }
  }

  async delete(url: string) {
    if (!url.startsWith(MEDIA_PREFIX)) return;
    const key = url.slice(MEDIA_PREFIX.length);
    if (!isMediaKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
