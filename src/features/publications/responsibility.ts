import { articleBySlug, deskArticles, invalidateArticles, toArticleDto } from "~/features/articles/index.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { changeArticle } from "./record-revision.ts";

/**
 * Who answers for an AI-drafted article (EU AI Act art. 50(4)): the editor who last approved, scheduled or
 * reviewed it, and when; "unreviewed" when it was published by an agent with no human review; null for
 * pieces no agent drafted (their byline already names who wrote them).
 */
export type Responsibility = { kind: "reviewed"; editor: string; at: Date } | { kind: "unreviewed" } | null;

export async function articleResponsibility(
  db: DbClient,
  article: { id: string; is_agent: boolean; status: string },
): Promise<Responsibility> {
  if (!article.is_agent || article.status !== "published") return null;
  const approval = await db.articleRevision.findFirst({
    where: { article_id: article.id, approved_at: { not: null } },
    orderBy: [{ approved_at: "desc" }, { id: "desc" }],
    select: { approved_by_name: true, approved_at: true },
  });
  if (!approval?.approved_at) return { kind: "unreviewed" };
  return { kind: "reviewed", editor: approval.approved_by_name ?? "", at: approval.approved_at };
}

/** Publicaciones' "Sin revisión humana": published agent articles no editor has answered for, newest first. */
export async function listUnreviewed(db: DbClient) {
  return (await deskArticles(db, "unreviewed")).map(toArticleDto);
}

/**
 * An editor reviews an article an agent published on its own and takes responsibility for it: a "review"
 * revision with the editor and the time, and the article's pages expire so readers see the new line.
 */
export async function reviewPublished(db: DbClient, slug: string, actor: Actor) {
  const row = await articleBySlug(db, slug);
  if (!row) throw notFound("Article");
  if (row.status !== "published" || !row.is_agent)
    throw new AppError("CONFLICT", "slug: only a published agent article is reviewed after publishing", {
      field: "slug",
      reason: "notAutoPublished",
    });
  const { after } = await changeArticle(db, slug, {}, { action: "review", actor, approval: true });
  await invalidateArticles({ slug });
  return toArticleDto(after);
}

/** The published articles an editor answers for (approved, scheduled or reviewed), newest approval first. */
export async function articlesReviewedBy(db: DbClient, editorId: string, limit = 50) {
  const rows = await db.articleRevision.findMany({
    where: { approved_by_id: editorId, article: { status: "published" } },
    orderBy: { approved_at: "desc" },
    distinct: ["article_id"],
    take: limit,
    select: { article: { select: { slug: true, title_es: true, title_en: true, date: true } } },
  });
  return rows.map((r) => r.article);
}
