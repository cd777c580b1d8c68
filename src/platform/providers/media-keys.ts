import { randomUUID } from "node:crypto";

/**
 * Where generated images live, chosen by MEDIA_STORAGE: the local driver (default) writes to a folder; the
 * S3 driver (image-storage-s3.ts) to a bucket every instance reads. Either way the app serves an image at
 * /api/media/<key>, reading it through the driver, so any instance serves an image another one stored.
 */
export interface ImageStorage {
  /** Stores the bytes and returns the public URL to save in `image_url`. */
  put(bytes: Buffer, contentType: string, ext: string): Promise<string>;
  /** Reads a stored image by its key (the path after /api/media/); null when absent. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(url: string): Promise<void>;
}

export const MEDIA_PREFIX = "/api/media/";
export const MEDIA_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/**
 * The media store holds only images the site generated (article images from the image model: the one writer
 * is generateArticleImage), so an image served from it is AI-generated, and says so wherever it is shown.
 */
export const isGeneratedImage = (url: string | null | undefined): url is string =>
  typeof url === "string" && url.startsWith(MEDIA_PREFIX);

/** IPTC's term for media made by a model trained on sampled content (the IPTC Digital Source Type vocabulary). */
export const TRAINED_ALGORITHMIC_MEDIA = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/** A new, never reused key: year/month/random.ext (images are cached forever under their URL). */
export function newMediaKey(ext: string): string {
  const now = new Date();
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${ext}`;
}

/** Keys are plain relative paths; anything else (other characters, `..` segments) is never looked up. */
export function isMediaKey(key: string): boolean {
  return /^[\w/.-]+$/.test(key) && !key.split("/").some((part) => part === ".." || part === "." || part === "");
}
