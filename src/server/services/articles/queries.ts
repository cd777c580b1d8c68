import type { DbClient } from "~/server/db/client.ts";
import { toArticleDto } from "./dto.ts";

/** Published articles, newest first (SPEC §7: only published articles are public). */
export async function listPublishedArticles(db: DbClient, opts: { limit?: number; excludeFeatured?: boolean } = {}) {
  const rows = await db.article.findMany({
    where: { status: "published", ...(opts.excludeFeatured ? { featured: false } : {}) },
    orderBy: { date: "desc" },
    take: opts.limit ?? 10,
  });
  return rows.map(toArticleDto);
}

export async function getPublishedArticle(db: DbClient, slug: string) {
  const row = await db.article.findFirst({ where: { slug, status: "published" } });
  return row ? toArticleDto(row) : null;
}
