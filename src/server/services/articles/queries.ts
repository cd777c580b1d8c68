import type { DbClient } from "~/server/db/client.ts";

/** Published articles, newest first (SPEC §7: only published articles are public). */
export function listPublishedArticles(db: DbClient, opts: { limit?: number; excludeFeatured?: boolean } = {}) {
  return db.article.findMany({
    where: { status: "published", ...(opts.excludeFeatured ? { featured: false } : {}) },
    orderBy: { date: "desc" },
    take: opts.limit ?? 10,
  });
}

export function getPublishedArticle(db: DbClient, slug: string) {
  return db.article.findFirst({ where: { slug, status: "published" } });
}
