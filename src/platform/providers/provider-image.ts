import { isIP } from "node:net";
import sharp from "sharp";
import { isPublicAddress } from "./source-fetcher/address-policy.ts";
import { FetchError } from "./source-fetcher/fetch-error.ts";
import { isExtraHost } from "./source-fetcher/hosts.ts";
import { exchange } from "./source-fetcher/http-exchange.ts";

/** A generated image is a few MB; anything past this is refused while streaming. */
export const PROVIDER_IMAGE_MAX_BYTES = 16 * 1024 * 1024;
/** About 40 megapixels: far above 1536×1024, far below a decompression bomb. */
const MAX_PIXELS = 40_000_000;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 60_000;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const SHARP_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);

export interface ProviderImageOptions {
  /** Operator-named hosts (SOURCE_FETCH_EXTRA_HOSTS) that may be on a private address: fixtures only. */
  extraHosts: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
}

/** Why an image from the provider was refused: one line naming the rule it broke. */
export class ProviderImageError extends Error {
  override name = "ProviderImageError";
}

function checkHop(url: URL, extraHosts: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ProviderImageError(`image URL refused: ${url.protocol.replace(/:$/, "")} is not http or https`);
  if (url.username || url.password) throw new ProviderImageError("image URL refused: URLs with credentials");
  const extra = isExtraHost(url, extraHosts);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!extra && isIP(literal) && !isPublicAddress(literal))
    throw new ProviderImageError(`image URL refused: ${literal} is a loopback/private/reserved address`);
  return extra;
}

/**
 * The image behind a URL the AI provider returned, fetched like an official source: http(s) only, every
 * redirect hop re-checked, names resolved through the guarded lookup (no private address unless the operator
 * named the host), the body capped in size and the exchange in time, image types only. The provider's
 * endpoint is configuration, not trust: a misconfigured base URL or a compromised proxy must not reach the
 * private network or exhaust memory through this download.
 */
export async function downloadProviderImage(raw: string, options: ProviderImageOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? PROVIDER_IMAGE_MAX_BYTES;
  const deadline = Date.now() + (options.timeoutMs ?? TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderImageError("image URL refused: not a valid absolute URL");
  }
  for (let hops = 0; ; hops++) {
    const extra = checkHop(url, options.extraHosts);
    const res = await exchange(url, {
      headers: { accept: [...IMAGE_TYPES].join(","), "user-agent": "RiesgosIA-ImageFetch/1.0" },
      allowPrivate: extra,
      maxBytes,
      deadline,
      wantBody: (s) => s >= 200 && s < 300,
    }).catch((err: unknown) => {
      throw err instanceof FetchError
        ? new ProviderImageError(`image download refused (${err.reason}): ${err.detail}`)
        : err;
    });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hops >= MAX_REDIRECTS) throw new ProviderImageError(`image download: more than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw new ProviderImageError(`image download: redirect to an invalid location`);
      }
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new ProviderImageError(`image download failed: ${res.status}`);
    // The exchange keeps what it read up to the cap (a page may be read in part); an image must be whole.
    if (res.truncated) throw new ProviderImageError(`image refused: over the ${maxBytes}-byte cap`);
    const type = String(res.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim()
      .toLowerCase();
    if (!type || !IMAGE_TYPES.has(type))
      throw new ProviderImageError(`image download refused: ${type || "no content type"} is not an image type`);
    return checkedImage(res.body, maxBytes);
  }
}

/**
 * Bytes are an image only once they decode: the format is sniffed from the bytes (not the declared type),
 * the pixel count is capped and every pixel is decoded, so a truncated or disguised file is refused here
 * rather than failing later in the crop or being stored.
 */
export async function checkedImage(bytes: Buffer, maxBytes = PROVIDER_IMAGE_MAX_BYTES): Promise<Buffer> {
  if (bytes.length === 0) throw new ProviderImageError("image refused: empty");
  if (bytes.length > maxBytes) throw new ProviderImageError(`image refused: over the ${maxBytes}-byte cap`);
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS });
    const { format } = await image.metadata();
    if (!format || !SHARP_FORMATS.has(format)) throw new Error(`${format ?? "unknown"} is not an accepted format`);
    await image.stats();
  } catch (err) {
    throw new ProviderImageError(`image refused: it does not decode (${(err as Error).message})`);
  }
  return bytes;
}
