import { CONTENT_TTL, cached, cachedBySlug } from "~/platform/cache/cached.ts";
import { expireTags } from "~/platform/cache/expire-tags.ts";
import { db } from "~/platform/db/db.ts";
import { authorArticles, authorRefs } from "./author-articles.ts";
import { toArticleCard } from "./card.ts";
import {
  currentSlugOf,
  getHomeFeaturedArticle,
  getPublishedArticle,
  listArticleFacets,
  listArticles,
  listPublishedArticleRefs,
  listPublishedArticles,
  listRelatedArticles,
  publishedArticleExists,
} from "./reads.ts";
import { buildRssFeed } from "./rss-feed.ts";
import type { ArticleListInput } from "./schema.ts";

/**
 * Data-cache tags of the articles' reads: one for every list, count or feed built from published articles
 * (home, /noticias, facets, related, RSS, sitemap) and one per article page, so a change to one article
 * expires exactly the lists and the page that show it.
 */
const LISTS = "public:articles";
const articleTag = (slug: string) => `public:article:${slug}`;
const lists = () => [LISTS];

/**
 * The articles' reads for pages, feeds, the sitemap and share cards, through Next's data cache: a reader page
 * is rendered into Next's page cache on its first request and again after a write expires its tags
 * (docs/reader-cache.md), and feeds, share cards and the per-request pages read on every request.
 * Entries are expired by invalidateArticles() on every change; the time limit is only a safety net (and
 * moves /noticias's date windows along).
 */
export const articleContent = {
  // Lists of cards keep only the cards' fields: a smaller entry to read and deserialise on every view.
  homeFeaturedArticle: cached(
    "articles.homeFeatured",
    async () => {
      const article = await getHomeFeaturedArticle(db);
      return article && toArticleCard(article);
    },
    lists,
    CONTENT_TTL,
  ),
  latestArticles: cached(
    "articles.latest",
    async (opts: { limit: number; excludeFeatured: boolean }) =>
      (await listPublishedArticles(db, opts)).map(toArticleCard),
    lists,
    CONTENT_TTL,
  ),
  /** /noticias first page and filtered pages. */
  articleList: cached("articles.list", (input: ArticleListInput) => listArticles(db, input), lists, CONTENT_TTL),
  articleFacets: cached("articles.facets", () => listArticleFacets(db), lists, CONTENT_TTL),
  article: cachedBySlug(
    "articles.bySlug",
    (slug: string) => getPublishedArticle(db, slug),
    (slug) => [articleTag(slug)],
    CONTENT_TTL,
  ),
  /** Whether the article page exists (the 404 check of /noticias/{slug}/fuentes): one cache read, expired with the page. */
  articleExists: cachedBySlug(
    "articles.exists",
    (slug: string) => publishedArticleExists(db, slug),
    (slug) => [articleTag(slug)],
    CONTENT_TTL,
  ),
  /** Where a former slug moved (the article page's 308): asked only for a slug with no page, so not cached. */
  movedSlug: (slug: string) => currentSlugOf(db, slug),
  relatedArticles: cached(
    "articles.related",
    async (article: { slug: string; topics: string[] }) => (await listRelatedArticles(db, article)).map(toArticleCard),
    lists,
    CONTENT_TTL,
  ),
  /** An author page's articles (and the name signed), expired with every list on a publish or edit. */
  authorArticles: cached("articles.byAuthor", (slug: string) => authorArticles(db, slug), lists, CONTENT_TTL),
  authorRefs: cached("articles.authorRefs", () => authorRefs(db), lists, CONTENT_TTL),
  /** Slugs and dates of the published articles: the sitemap and the build's static params. */
  articleRefs: cached("articles.refs", () => listPublishedArticleRefs(db), lists, CONTENT_TTL),
  rssFeed: cached(
    "articles.rss",
    (opts: Parameters<typeof buildRssFeed>[1]) => buildRssFeed(db, opts),
    lists,
    CONTENT_TTL,
  ),
};

/** A change of published articles: the one (`slug`) or several (`slugs`) it touched, if any page shows them. */
type ArticleChange = { slug?: string; slugs?: readonly string[] };

/** The tags a change expires: every list of articles, and the page of each article it names. */
export function articleChangeTags(change: ArticleChange): string[] {
  const slugs = [...(change.slug ? [change.slug] : []), ...(change.slugs ?? [])];
  return [LISTS, ...slugs.map(articleTag)];
}

/** The tag of one article's page: reads another feature shows on that page (its verification) expire with it. */
export const articlePageTags = (slug: string) => [articleTag(slug)];
/** The tag of every list of published articles: another feature's lists of them (corrections) expire with it. */
export const articleListTags = () => [LISTS];

/**
 * Call after any write that changes what readers see of published articles (publish, edit, feature, delete,
 * an agent's publish, a new image, an author migration), from a request or a job: readers see it at once.
 */
export async function invalidateArticles(change: ArticleChange): Promise<void> {
  await expireTags(articleChangeTags(change));
}
