import { unstable_cache } from "next/cache";
import superjson from "superjson";
import { db } from "~/platform/db/db.ts";
import { nextRuntime } from "~/platform/env/live.ts";
import { buildRssFeed } from "~/server/services/articles/feed.ts";
import {
  getHomeFeaturedArticle,
  getPublishedArticle,
  listArticleFacets,
  listArticles,
  listPublishedArticleRefs,
  listPublishedArticles,
  listRelatedArticles,
} from "~/server/services/articles/queries.ts";
import { CACHE_TAGS } from "~/server/services/cache/tags.ts";
import {
  getReferent,
  listApplications,
  listCompanies,
  listReferentRefs,
  listReferents,
  listResources,
} from "~/server/services/directories/queries.ts";
import { type EditorialSlug, getContactSettings, getEditorialPage } from "~/server/services/editorial/queries.ts";
import {
  getFeaturedInterview,
  getInterview,
  listInterviewRefs,
  listInterviews,
  listInterviewsForReferent,
} from "~/server/services/interviews/queries.ts";
import { slugSchema } from "~/shared/schemas/common.ts";
import type { ArticleListInput } from "~/shared/schemas/public-content.ts";

/**
 * The public site's reads through Next's data cache. Pages render per request (the CSP nonce, see
 * src/app/layout.tsx), so without this every page view would query PostgreSQL. Entries are tagged per kind
 * and per item and expired by revalidatePublicContent() on publish/edit/delete; the time limits below are
 * only a safety net (and what refreshes the seed-managed directories and editorial pages).
 */
const CONTENT_TTL = 300;
const SEED_MANAGED_TTL = 3600;

/**
 * unstable_cache stores JSON, which would turn Dates into strings; superjson keeps them Dates (and keeps
 * undefined/Map/Set) so pages get exactly what the service returned.
 */
function cached<A extends unknown[], R>(
  key: string,
  read: (...args: A) => Promise<R>,
  tags: (...args: A) => string[],
  revalidate: number,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    // Outside Next.js (tests, scripts) there is no data cache: read straight from the database.
    if (!nextRuntime()) return read(...args);
    // The arguments are passed through (not closed over) because they are part of the cache key.
    const stored = await unstable_cache(async (...a: A) => superjson.serialize(await read(...a)), [key], {
      tags: tags(...args),
      revalidate,
    })(...args);
    return superjson.deserialize<R>(stored);
  };
}

/** Thrown inside a cached read so that a miss is not stored (unstable_cache keeps only results). */
class Miss extends Error {}

/**
 * A read by slug: a slug of the wrong shape never reaches the cache or the database, and a miss is answered
 * from the database each time instead of being stored, so junk URLs add no cache entries.
 */
function cachedBySlug<S extends string, R>(
  key: string,
  read: (slug: S) => Promise<R | null>,
  tags: (slug: S) => string[],
  revalidate: number,
): (slug: S) => Promise<R | null> {
  const hit = cached(
    key,
    async (slug: S) => {
      const found = await read(slug);
      if (found === null) throw new Miss();
      return found;
    },
    tags,
    revalidate,
  );
  return async (slug: S) => {
    if (!slugSchema.safeParse(slug).success) return null;
    try {
      return await hit(slug);
    } catch (err) {
      if (err instanceof Miss) return null;
      throw err;
    }
  };
}

const articleLists = () => [CACHE_TAGS.articles];
const interviewLists = () => [CACHE_TAGS.interviews];
const directories = () => [CACHE_TAGS.directories];
const editorial = () => [CACHE_TAGS.editorial];

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

  interviews: cached(
    "interviews.list",
    (opts: { topic?: string; limit?: number }) => listInterviews(db, opts),
    interviewLists,
    CONTENT_TTL,
  ),
  featuredInterview: cached("interviews.featured", () => getFeaturedInterview(db), interviewLists, CONTENT_TTL),
  interview: cachedBySlug(
    "interviews.bySlug",
    (slug: string) => getInterview(db, slug),
    (slug) => [CACHE_TAGS.interview(slug)],
    CONTENT_TTL,
  ),
  interviewRefs: cached("interviews.refs", () => listInterviewRefs(db), interviewLists, CONTENT_TTL),
  interviewsForReferent: cached(
    "interviews.forReferent",
    (slug: string) => listInterviewsForReferent(db, slug),
    interviewLists,
    CONTENT_TTL,
  ),

  referents: cached(
    "directories.referents",
    (opts: { focus?: string; limit?: number }) => listReferents(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  referent: cachedBySlug(
    "directories.referent",
    (slug: string) => getReferent(db, slug),
    directories,
    SEED_MANAGED_TTL,
  ),
  referentRefs: cached("directories.referentRefs", () => listReferentRefs(db), directories, SEED_MANAGED_TTL),
  companies: cached(
    "directories.companies",
    (opts: { type?: string }) => listCompanies(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  applications: cached(
    "directories.applications",
    (opts: { category?: string; limit?: number }) => listApplications(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  resources: cached(
    "directories.resources",
    (opts: { type?: string }) => listResources(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),

  editorialPage: cached(
    "editorial.page",
    (slug: EditorialSlug) => getEditorialPage(db, slug),
    editorial,
    SEED_MANAGED_TTL,
  ),
  contactSettings: cached("editorial.contact", () => getContactSettings(db), editorial, SEED_MANAGED_TTL),
};
