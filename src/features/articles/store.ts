import type { Article, Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/**
 * The articles table for the features that write or list it outside the public reads: the review desk
 * (publications), the agents that draft, and author migration. Only this feature queries the table; the
 * others call these functions with their `db`.
 */

type Tx = Prisma.TransactionClient;

const DESK_LISTS: Record<"drafts" | "scheduled" | "approved" | "unreviewed", Prisma.ArticleFindManyArgs> = {
  /** Pendientes: drafts not yet approved for a later time, newest first. */
  drafts: { where: { status: "draft", publish_at: null }, orderBy: { created_at: "desc" } },
  /** Programadas: approved for a later time, soonest first. */
  scheduled: { where: { status: "draft", publish_at: { not: null } }, orderBy: { publish_at: "asc" } },
  /** Aprobadas: published, newest first. */
  approved: { where: { status: "published" }, orderBy: { date: "desc" } },
  /** Sin revisión humana: published agent articles no editor has taken responsibility for, newest first. */
  unreviewed: {
    where: { status: "published", is_agent: true, revisions: { none: { approved_at: { not: null } } } },
    orderBy: { date: "desc" },
  },
};

export type DeskList = keyof typeof DESK_LISTS;

/** One of the review desk's lists, at most 200 rows. */
export function deskArticles(db: DbClient, list: DeskList) {
  const { where, orderBy } = DESK_LISTS[list];
  return db.article.findMany({ where, orderBy, take: 200 });
}

export function articleBySlug(db: DbClient, slug: string) {
  return db.article.findUnique({ where: { slug } });
}

/** The article an agent run saved, if it saved one (articles.agent_run_id is unique). */
export function articleOfRun(db: DbClient, runId: string) {
  return db.article.findUnique({ where: { agent_run_id: runId } });
}

/** Inserts a new article (an agent's draft); a taken slug or run id fails with Prisma's unique violation. */
export function insertArticle(db: DbClient, data: Prisma.ArticleUncheckedCreateInput) {
  return db.article.create({ data });
}

/**
 * Inserts a new article unless its slug or run id is taken (INSERT … ON CONFLICT DO NOTHING): a taken slug is
 * an expected outcome for generated slugs, answered with null rather than a logged unique-constraint error.
 */
export async function insertArticleUnlessTaken(
  db: DbClient,
  data: Prisma.ArticleCreateManyInput,
): Promise<Article | null> {
  const [row] = await db.article.createManyAndReturn({ data: [data], skipDuplicates: true });
  return row ?? null;
}

export async function deleteArticleRow(db: DbClient, slug: string) {
  await db.article.delete({ where: { slug } });
}

/**
 * Changes one article under a row lock, inside one transaction with `andThen` (which records the revision):
 * two editors saving at once produce two consecutive changes. `data` may be a function of the current row.
 * Null when no article has that slug.
 */
export function updateArticleLocked<T>(
  db: DbClient,
  slug: string,
  data: Prisma.ArticleUpdateInput | ((row: Article) => Prisma.ArticleUpdateInput),
  andThen: (tx: Tx, before: Article, after: Article) => Promise<T>,
): Promise<{ before: Article; after: Article; result: T } | null> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "articles" WHERE slug = ${slug} FOR UPDATE`;
    if (locked.length === 0) return null;
    const before = await tx.article.findUniqueOrThrow({ where: { slug } });
    const after = await tx.article.update({ where: { slug }, data: typeof data === "function" ? data(before) : data });
    return { before, after, result: await andThen(tx, before, after) };
  });
}

/** The sources an article cites, as stored (null when the article is gone). */
export async function articleSourcesById(db: DbClient, id: string) {
  return (await db.article.findUnique({ where: { id }, select: { sources: true } }))?.sources ?? null;
}

/** A published article by its id (the fediverse's objects are keyed by it, so a slug change keeps them). */
export function publishedArticleById(db: DbClient, id: string) {
  return db.article.findFirst({ where: { id, status: "published" } });
}

/** Published articles' ids, the longest published first (the weekly link check's order). */
export async function publishedArticleIds(db: DbClient): Promise<string[]> {
  const rows = await db.article.findMany({
    where: { status: "published" },
    select: { id: true },
    orderBy: { published_at: "asc" },
  });
  return rows.map((r) => r.id);
}

/** Published articles with their publishing date (the link check's cadence depends on their age). */
export async function publishedArticleDates(db: DbClient) {
  return db.article.findMany({
    where: { status: "published" },
    select: { id: true, published_at: true },
    orderBy: { published_at: "asc" },
  });
}

/** The publication day of the published articles among `slugs` (the desk's first-week readers). */
export async function publishedDatesOf(db: DbClient, slugs: readonly string[]) {
  return db.article.findMany({
    where: { slug: { in: [...slugs] }, status: "published" },
    select: { slug: true, published_at: true, date: true },
  });
}

/** What the link check's re-verification reads of an article (null when it is gone). */
export async function articleForRecheck(db: DbClient, id: string) {
  return db.article.findUnique({
    where: { id },
    select: {
      id: true,
      slug: true,
      status: true,
      title_es: true,
      title_en: true,
      summary_es: true,
      summary_en: true,
      body_es: true,
      body_en: true,
      sources: true,
    },
  });
}

/** Approved drafts whose publishing time has come, soonest first. */
export async function dueScheduledSlugs(db: DbClient, now: Date): Promise<string[]> {
  const due = await db.article.findMany({
    where: { status: "draft", publish_at: { lte: now } },
    select: { slug: true },
    orderBy: { publish_at: "asc" },
    take: 500,
  });
  return due.map((r) => r.slug);
}

/** The newest 500 articles' titles and sources: what an agent checks a feed item against before drafting it. */
export function recentArticleCoverage(db: DbClient) {
  return db.article.findMany({
    select: { title_es: true, title_en: true, sources: true },
    orderBy: { created_at: "desc" },
    take: 500,
  });
}

/** Every article's byline (the newest 500 with their titles, or all of them as slug and author). */
export function articleBylines(db: DbClient) {
  return db.article.findMany({
    select: { slug: true, title_es: true, author: true, author_name: true, date: true, status: true },
    orderBy: { date: "desc" },
    take: 500,
  });
}

export function allArticleAuthors(db: DbClient) {
  return db.article.findMany({ select: { slug: true, author: true } });
}

/** Whether any article shows this image (a replaced image is deleted only once none does). */
export async function imageInUse(db: DbClient, url: string): Promise<boolean> {
  return (await db.article.count({ where: { image_url: url } })) > 0;
}
