import { Feed } from "feed";
import type { Locale } from "~/i18n/routing.ts";
import { displayAuthor } from "~/lib/authors.ts";
import { pick } from "~/lib/localized.ts";
import type { DbClient } from "~/server/db/client.ts";
import { listPublishedArticles } from "./queries.ts";

/** How many of the newest published articles the RSS feed carries. */
export const FEED_SIZE = 50;

/** RSS 2.0 of the published articles in one language (the `feed` library writes and escapes the XML). */
export async function buildRssFeed(
  db: DbClient,
  opts: { locale: Locale; siteUrl: string; title: string; description: string; copyright: string },
): Promise<string> {
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
    feed.addItem({
      id: url,
      link: url,
      title: pick(opts.locale, a.title_es, a.title_en),
      description: pick(opts.locale, a.summary_es, a.summary_en),
      date: a.date,
      author: [{ name: displayAuthor(a).name }],
      category: a.topics.map((name) => ({ name })),
    });
  }
  return feed.rss2();
}
