import {
  buildRssFeed,
  getHomeFeaturedArticle,
  getPublishedArticle,
  listArticleFacets,
  listArticles,
  listPublishedArticleRefs,
  listPublishedArticles,
  listRelatedArticles,
} from "~/features/articles/index.ts";
import type { ArticleListInput } from "~/features/articles/schema.ts";
import { directoryContent } from "~/features/directories/index.ts";
import { editorialContent } from "~/features/editorial/index.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { CONTENT_TTL, cached, cachedBySlug } from "~/platform/cache/cached.ts";
import { CACHE_TAGS } from "~/platform/cache/tags.ts";
import { db } from "~/platform/db/db.ts";

/**
 * The public site's reads through Next's data cache. Pages render per request (the CSP nonce, see
 * src/app/layout.tsx), so without this every page view would query PostgreSQL. Entries are tagged per kind
 * and per item and expired by revalidatePublicContent() on publish/edit/delete; the time limits below are
 * only a safety net (and what refreshes the seed-managed directories and editorial pages).
 */
const articleLists = () => [CACHE_TAGS.articles];

export const publicContent = {
  homeFeaturedArticle: cached("articles.homeFeatured", () => getHomeFeaturedArticle(db), articleLists, CONTENT_TTL),
  latestArticles: cached(
    "articles.latest",
    (opts: { limit: number; excludeFeatured: boolean }) => listPublishedArticles(db, opts),
    articleLists,
    CONTENT_TTL,
  ),
  /** /noticias first page and filtered pages (the date windows move with time: TTL, not only tags). */
  articleList: cached("articles.list", (input: ArticleListInput) => listArticles(db, input), articleLists, CONTENT_TTL),
  articleFacets: cached("articles.facets", () => listArticleFacets(db), articleLists, CONTENT_TTL),
  article: cachedBySlug(
    "articles.bySlug",
    (slug: string) => getPublishedArticle(db, slug),
    (slug) => [CACHE_TAGS.article(slug)],
    CONTENT_TTL,
  ),
  relatedArticles: cached(
    "articles.related",
    (article: { slug: string; topics: string[] }) => listRelatedArticles(db, article),
    articleLists,
    CONTENT_TTL,
  ),
  articleRefs: cached("articles.refs", () => listPublishedArticleRefs(db), articleLists, CONTENT_TTL),
  rssFeed: cached(
    "articles.rss",
    (opts: Parameters<typeof buildRssFeed>[1]) => buildRssFeed(db, opts),
    articleLists,
    CONTENT_TTL,
  ),

  ...interviewContent,

  ...directoryContent,

  ...editorialContent,
};
