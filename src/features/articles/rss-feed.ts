import { Feed } from "feed";
import type { DbClient } from "~/platform/db/client.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { renderMarkdown } from "~/platform/security/markdown.ts";
import { plainText } from "~/platform/security/plain-text.ts";
import { displayAuthor } from "./authors.ts";
import { type FeedImage, feedImage } from "./feed-image.ts";
import { listPublishedArticles } from "./reads.ts";

/** How many of the newest published articles the RSS feed carries. */
const FEED_SIZE = 50;

const MEDIA_NS = "http://search.yahoo.com/mrss/";
const DC_NS = "http://purl.org/dc/elements/1.1/";
type FeedOptions = {
  locale: Locale;
  siteUrl: string;
  title: string;
  description: string;
  copyright: string;
  /** The sponsored label in the feed's language ('Novedad de la industria' / 'Industry update'). */
  industryUpdate: string;
};

/**
 * A link of an article's body as a feed reader needs it: absolute, and the site's own pages in the feed's
 * language (`/metodologia` is `${siteUrl}/en/metodologia` in the English feed). Other URLs stay as they are.
 */
function absoluteLink(
  href: string,
  { locale, siteUrl, itemUrl }: { locale: Locale; siteUrl: string; itemUrl: string },
) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return href;
  if (!href.startsWith("/")) return new URL(href, itemUrl).href;
  const alreadyLocalised = /^\/en(\/|$|[?#])/.test(href);
  if (locale === "es" || alreadyLocalised) return `${siteUrl}${href}`;
  return `${siteUrl}/en${href === "/" ? "" : href}`;
}

/** Media RSS's element for the item's picture, its alt text as `media:description`. */
function mediaContent(image: FeedImage) {
  const { url, type, bytes, width, height, alt } = image;
  return {
    _attributes: {
      url,
      medium: "image",
      type,
      ...(bytes ? { fileSize: bytes } : {}),
      ...(width && height ? { width, height } : {}),
    },
    "media:description": { _attributes: { type: "plain" }, _text: alt },
  };
}

/**
 * RSS 2.0 of the published articles in one language (the `feed` library writes and escapes the XML): the
 * author as `dc:creator` (RSS's own <author> must be an e-mail address), the sanitised full body as
 * `content:encoded` (its links absolute, see absoluteLink), the picture (its own image or its share card, feed-image.ts) as `media:content` with its
 * alt text, and as `enclosure` where its size is known. A sponsored piece is credited to its
 * sponsor and carries the industry-update label, in the feed's language. Titles, descriptions, creators and
 * categories are plain text (plainText): the library wraps some in CDATA, which a reader may render as HTML.
 */
export async function buildRssFeed(db: DbClient, opts: FeedOptions): Promise<string> {
  const home = opts.locale === "en" ? `${opts.siteUrl}/en` : opts.siteUrl;
  const articles = await listPublishedArticles(db, { limit: FEED_SIZE, excludeFeatured: false });
  const feed = new Feed({
    id: home,
    link: home,
    title: opts.title,
    description: opts.description,
    language: opts.locale,
    copyright: opts.copyright,
    updated: articles[0]?.updated_at ?? new Date("2025-01-01T00:00:00Z"),
    feedLinks: { rss: `${home}/rss` },
  });
  for (const a of articles) {
    const url = `${home}/noticias/${a.slug}`;
    const creator = plainText(a.sponsored ? (a.author ?? "").trim() || displayAuthor(a).name : displayAuthor(a).name);
    const body = renderMarkdown(pick(opts.locale, a.body_es, a.body_en), {
      resolveLink: (href) => absoluteLink(href, { locale: opts.locale, siteUrl: opts.siteUrl, itemUrl: url }),
    });
    const title = plainText(pick(opts.locale, a.title_es, a.title_en));
    const image = await feedImage(a, { locale: opts.locale, siteUrl: opts.siteUrl, title });
    feed.addItem({
      id: url,
      link: url,
      title,
      description: plainText(pick(opts.locale, a.summary_es, a.summary_en)),
      content: a.sponsored ? `<p><strong>${opts.industryUpdate}</strong></p>${body}` : body,
      date: a.date,
      category: [...(a.sponsored ? [opts.industryUpdate] : []), ...a.topics].map((name) => ({ name: plainText(name) })),
      // RSS 2.0 wants the enclosure's length in bytes: given where the site stores the image and knows it.
      ...(image.bytes ? { enclosure: { url: image.url, type: image.type, length: image.bytes } } : {}),
      extensions: [
        { name: "dc:creator", objects: { _text: creator } },
        // When the item last changed (an edit, a correction): RSS 2.0 has no element of its own for it.
        { name: "atom:updated", objects: { _text: a.updated_at.toISOString() } },
        { name: "media:content", objects: mediaContent(image) },
      ],
    });
  }
  // The library declares dc only along with content:encoded, and has no option for the Media RSS namespace.
  const xml = feed.rss2();
  const namespaces = [`xmlns:media="${MEDIA_NS}"`, xml.includes("xmlns:dc=") ? "" : `xmlns:dc="${DC_NS}"`];
  return xml.replace("<rss ", `<rss ${namespaces.filter(Boolean).join(" ")} `);
}
