import { SITE_NAME, shareCardPath } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";
import { isMediaKey, MEDIA_PREFIX } from "~/platform/providers/media-keys.ts";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** A feed item's picture: absolute URL, type, size in bytes (when the site stores it), pixels, alt text. */
export type FeedImage = { url: string; type: string; bytes?: number; width?: number; height?: number; alt: string };

/** The size of an image the site stores (/api/media/<key>), or undefined for any other URL or a missing file. */
async function storedBytes(url: URL, siteUrl: string): Promise<number | undefined> {
  if (url.origin !== new URL(siteUrl).origin || !url.pathname.startsWith(MEDIA_PREFIX)) return undefined;
  const key = decodeURIComponent(url.pathname.slice(MEDIA_PREFIX.length));
  if (!isMediaKey(key)) return undefined;
  const stored = await imageStorage()
    .get(key)
    .catch(() => null);
  return stored?.bytes.length;
}

/**
 * The picture of an article's feed item: its own image, or else its share card (1200 × 630 PNG), which every
 * article has. The alt text is the share card's (the title and the site's name), as on the article's page.
 */
export async function feedImage(
  article: { slug: string; image_url: string | null },
  opts: { locale: Locale; siteUrl: string; title: string },
): Promise<FeedImage> {
  const alt = `${opts.title} · ${SITE_NAME}`;
  if (article.image_url) {
    try {
      const url = new URL(article.image_url, `${opts.siteUrl}/`);
      const ext = url.pathname.split(".").pop()?.toLowerCase() ?? "";
      const bytes = await storedBytes(url, opts.siteUrl);
      return { url: url.href, type: IMAGE_TYPES[ext] ?? "image/jpeg", bytes, alt };
    } catch {
      // Not a URL: the share card stands in.
    }
  }
  const card = `${opts.siteUrl}${shareCardPath(opts.locale, `/noticias/${article.slug}`)}`;
  return { url: card, type: "image/png", width: 1200, height: 630, alt };
}
