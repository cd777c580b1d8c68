/** Published articles: DTOs, the public reads (lists, facets, related, RSS) and author display. */
export { DEFAULT_AUTHOR, displayAuthor, EDITORIAL_AUTHOR } from "./authors.ts";
export { toArticleDto } from "./dto.ts";
export {
  getHomeFeaturedArticle,
  getPublishedArticle,
  listArticleFacets,
  listArticles,
  listPublishedArticleRefs,
  listPublishedArticles,
  listRelatedArticles,
} from "./reads.ts";
export { articlesRouter } from "./router.ts";
export { buildRssFeed } from "./rss-feed.ts";
