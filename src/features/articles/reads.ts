import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { DATE_RANGES } from "~/platform/i18n/taxonomy.ts";
import { ARTICLE_CARD_FIELDS } from "./card.ts";
import { toArticleDto } from "./dto.ts";
import { type ArticleListInput, articleListInputSchema } from "./schema.ts";

/**
 * Only published articles are public (docs/product.md §4). The spec merges bundled seed, published and static articles
 * by slug with static winning; here all three live in one table with a unique slug, so the merge is the
 * published rows themselves (a static article is a published row with is_static = true).
 */
const PUBLIC: Prisma.ArticleWhereInput = { status: "published" };

/** Published articles, newest first; `excludeFeatured` drops featured ones (docs/product.md §7 'latest' list). */
export async function listPublishedArticles(db: DbClient, opts: { limit?: number; excludeFeatured?: boolean } = {}) {
  const rows = await db.article.findMany({
    where: { ...PUBLIC, ...(opts.excludeFeatured ? { featured: false } : {}) },
    orderBy: [{ date: "desc" }, { id: "asc" }],
    take: opts.limit ?? 10,
  });
  return rows.map(toArticleDto);
}

export async function getPublishedArticle(db: DbClient, slug: string) {
  const row = await db.article.findFirst({ where: { ...PUBLIC, slug } });
  return row ? toArticleDto(row) : null;
}

/** `true` when a published article has this slug, else null (a miss the cache does not store). */
export async function publishedArticleExists(db: DbClient, slug: string): Promise<true | null> {
  return (await db.article.count({ where: { ...PUBLIC, slug } })) > 0 || null;
}

/** The current slug of the published article that once had `oldSlug` (a repaired slug), or null. */
export async function currentSlugOf(db: DbClient, oldSlug: string): Promise<string | null> {
  const row = await db.articleSlugRedirect.findUnique({
    where: { old_slug: oldSlug },
    select: { article: { select: { slug: true, status: true } } },
  });
  return row?.article.status === "published" ? row.article.slug : null;
}

/** Any status: what an admin may read at GET /api/articles/{slug} (docs/product.md §7 "unless an admin asks"). */
export async function getArticleAnyStatus(db: DbClient, slug: string) {
  const row = await db.article.findUnique({ where: { slug } });
  return row ? toArticleDto(row) : null;
}

/** GET /api/articles/status/published: the dynamic ones (entries with is_static are dropped, docs/product.md §7). */
export async function listPublishedDynamicArticles(db: DbClient) {
  const rows = await db.article.findMany({ where: { ...PUBLIC, is_static: false }, orderBy: { date: "desc" } });
  return rows.map(toArticleDto);
}

/** GET /api/articles/static: the file-based (static) articles that are public. */
export async function listStaticArticles(db: DbClient) {
  const rows = await db.article.findMany({ where: { ...PUBLIC, is_static: true }, orderBy: { date: "desc" } });
  return rows.map(toArticleDto);
}

/** The newest featured article (home's large card), or null. */
async function getFeaturedArticle(db: DbClient) {
  const row = await db.article.findFirst({ where: { ...PUBLIC, featured: true }, orderBy: { date: "desc" } });
  return row ? toArticleDto(row) : null;
}

/** Home's large card: the newest featured article, or the newest article when none is featured. */
export async function getHomeFeaturedArticle(db: DbClient) {
  return (await getFeaturedArticle(db)) ?? (await listPublishedArticles(db, { limit: 1 }))[0] ?? null;
}

/** Up to 3 articles sharing at least one topic, taken from the 10 most recent (docs/product.md §9), newest first. */
export async function listRelatedArticles(db: DbClient, article: { slug: string; topics: string[] }, max = 3) {
  const recent = await listPublishedArticles(db, { limit: 11, excludeFeatured: false });
  return recent
    .filter((a) => a.slug !== article.slug)
    .slice(0, 10)
    .filter((a) => a.topics.some((t) => article.topics.includes(t)))
    .slice(0, max);
}

/**
 * /noticias: filters (topics any-of, type, tags any-of, date window), sort by date and offset paging; each
 * item holds what its card shows.
 */
export async function listArticles(db: DbClient, rawInput: ArticleListInput, now: Date = new Date()) {
  const input = articleListInputSchema.parse(rawInput);
  const where: Prisma.ArticleWhereInput = { ...PUBLIC };
  if (input.topics.length) where.topics = { hasSome: input.topics };
  if (input.tags.length) where.tags = { hasSome: input.tags };
  if (input.type && input.type !== "all") where.type = input.type;
  if (input.date !== "all") where.date = { gte: new Date(now.getTime() - DATE_RANGES[input.date] * 86_400_000) };
  const offset = input.cursor ?? 0;
  const [rows, total] = await Promise.all([
    db.article.findMany({
      where,
      select: ARTICLE_CARD_FIELDS,
      orderBy: [{ date: input.sort }, { id: "asc" }],
      skip: offset,
      take: input.limit,
    }),
    db.article.count({ where }),
  ]);
  const next = offset + rows.length;
  return { items: rows, total, nextCursor: next < total ? next : null };
}

/**
 * Topics, types and tags that published articles actually use, most used first, for the filter bar. Counted
 * in the database (an index-only scan of articles_status_date_type_topics_tags_idx): with 100,000 articles,
 * reading every row's arrays into the app took seconds.
 */
export async function listArticleFacets(db: DbClient) {
  const rows = await db.$queryRaw<{ facet: "topics" | "tags" | "types"; value: string; n: number }[]>`
    SELECT 'topics' AS facet, value, count(*)::int AS n
      FROM "articles", unnest(topics) AS value WHERE status = 'published' GROUP BY value
    UNION ALL
    SELECT 'tags', value, count(*)::int FROM "articles", unnest(tags) AS value WHERE status = 'published' GROUP BY value
    UNION ALL
    SELECT 'types', type, count(*)::int FROM "articles" WHERE status = 'published' GROUP BY type`;
  const sorted = (facet: "topics" | "tags" | "types") =>
    rows
      .filter((r) => r.facet === facet)
      .sort((a, b) => b.n - a.n || a.value.localeCompare(b.value))
      .map((r) => r.value);
  return { topics: sorted("topics"), tags: sorted("tags"), types: sorted("types") };
}

/** Slugs and change dates of every public article (static params, sitemap). */
export async function listPublishedArticleRefs(db: DbClient) {
  return db.article.findMany({
    where: PUBLIC,
    select: { slug: true, updated_at: true, date: true },
    orderBy: { date: "desc" },
  });
}
