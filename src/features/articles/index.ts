/**
 * Articles: the public reads (through the data cache: `articleContent`), their invalidation after a write
 * (`invalidateArticles`), the byline rules and the public router.
 */
export { AUTHOR_PATH, authorSlug } from "./author-articles.ts";
export { DEFAULT_AUTHOR, displayAuthor, EDITORIAL_AUTHOR } from "./authors.ts";
export { articleContent, articleListTags, articlePageTags, invalidateArticles } from "./cache.ts";
export { inOneLanguage } from "./card.ts";
export { toArticleDto } from "./dto.ts";
export { FILTERED_NEWS_ROUTE, filteredNewsRoute, NEWS_PAGE_SIZE, newsFirstPage } from "./news-list.ts";
export { publishedArticlesIn } from "./published-in-window.ts";
export { articlesRouter } from "./router.ts";
export { articleMatchRows, articlesSearchable, newestArticleMatches } from "./search-matches.ts";
export {
  allArticleAuthors,
  articleBylines,
  articleBySlug,
  articleForRecheck,
  articleOfRun,
  articleSourcesById,
  type DeskList,
  deleteArticleRow,
  deskArticles,
  dueScheduledSlugs,
  imageInUse,
  insertArticle,
  insertArticleUnlessTaken,
  publishedArticleById,
  publishedArticleDates,
  publishedArticleIds,
  publishedDatesOf,
  recentArticleCoverage,
  updateArticleLocked,
} from "./store.ts";
