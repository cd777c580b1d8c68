import { siteUrl } from "~/platform/http/site-url.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { isGeneratedImage, TRAINED_ALGORITHMIC_MEDIA } from "~/platform/providers/media-keys.ts";

/**
 * An article's image. A generated one says so to readers: "Imagen generada con IA" as its caption and at the
 * end of its alt text. Any other image (an editor's link) stays decorative, as before.
 */
export function ArticleImage({ url, title, locale }: { url: string; title: string; locale: Locale }) {
  const className = "aspect-[16/9] w-full rounded-sm object-cover";
  if (!isGeneratedImage(url))
    // biome-ignore lint/performance/noImgElement: editorial images from arbitrary hosts
    return <img src={url} alt="" className={`mt-8 ${className}`} />;
  const label = translatorFor(locale, "aiImage")("label");
  return (
    <figure className="mt-8" data-testid="article-image">
      {/* biome-ignore lint/performance/noImgElement: images from the site's media store, cached forever */}
      <img src={url} alt={`${title} · ${label}`} className={className} />
      <figcaption className="mt-2 text-xs text-muted" data-testid="ai-image-label">
        {label}
      </figcaption>
    </figure>
  );
}

/** The article's generated image in JSON-LD, with its IPTC digital source type; null for any other image. */
export function articleImageJsonLd(url: string | null, locale: Locale) {
  if (!isGeneratedImage(url)) return null;
  return {
    "@type": "ImageObject",
    url: `${siteUrl()}${url}`,
    caption: translatorFor(locale, "aiImage")("label"),
    digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
  };
}
