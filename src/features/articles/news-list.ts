import { db } from "~/platform/db/db.ts";
import { articleContent } from "./cache.ts";
import { listArticles } from "./reads.ts";
import { NEWS_FILTER_PARAMS, type NewsFilters } from "./ui/news-filters.ts";

/** The page size of /noticias: its HTML lists this many, 'load more' brings the next ones. */
export const NEWS_PAGE_SIZE = 20;

/**
 * The first page of /noticias for `filters`, with the facets the filter bar offers. Filters whose values
 * published articles use are read through the data cache, topics and tags sorted so that one choice is one
 * entry whatever its order in the URL. A value the facets do not know (made up, or too new for them) is read
 * from the database, as the API reads it: a URL of made-up values adds no cache entry. Either way the page is
 * what the API's list gives for the same filters, so the browser takes it over as its first page.
 */
export async function newsFirstPage(filters: NewsFilters) {
  const facets = await articleContent.articleFacets();
  const input = {
    topics: [...filters.topics].sort(),
    tags: [...filters.tags].sort(),
    ...(filters.type === "all" ? {} : { type: filters.type }),
    date: filters.date,
    sort: filters.sort,
    limit: NEWS_PAGE_SIZE,
  };
  const known =
    input.topics.every((v) => facets.topics.includes(v)) &&
    input.tags.every((v) => facets.tags.includes(v)) &&
    (input.type === undefined || facets.types.includes(input.type));
  const page = known ? await articleContent.articleList(input) : await listArticles(db, input);
  return { page, facets };
}

/**
 * The route that renders /noticias for a query with filters, once per request (src/app/[locale]/noticias-filtradas).
 * /noticias itself is one cached page for every query; the proxy rewrites a filtered request here, so a reader
 * without JavaScript gets the filtered list in the HTML.
 */
export const FILTERED_NEWS_ROUTE = "/noticias-filtradas";

const NEWS_PATH = /^(?:\/(en|es))?\/noticias$/;

/** For the proxy: where a /noticias request with filters in its query renders (locale and route), or null. */
export function filteredNewsRoute(
  pathname: string,
  query: URLSearchParams,
): { locale: "es" | "en"; path: string } | null {
  const match = NEWS_PATH.exec(pathname);
  if (!match || !NEWS_FILTER_PARAMS.some((name) => query.has(name))) return null;
  const locale = match[1] === "en" ? "en" : "es";
  return { locale, path: `/${locale}${FILTERED_NEWS_ROUTE}` };
}
