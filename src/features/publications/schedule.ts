import { articleBySlug, dueScheduledSlugs, invalidateArticles, toArticleDto } from "~/features/articles/index.ts";
import type { Article, Prisma } from "~/generated/prisma/client.ts";
import { type Actor, SYSTEM_ACTOR } from "~/platform/audit/actor.ts";
import { recordAudit } from "~/platform/audit/audit.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { emitArticleEvent } from "~/platform/events/article-events.ts";
import { findingsGate } from "./findings-gate.ts";
import { changeArticle } from "./record-revision.ts";

/**
 * Scheduled publishing. A scheduled article is an approved draft with `publish_at`: it keeps status
 * `draft`, so every public read (which requires `published`) leaves it out until the per-minute job
 * "articles/publish-due" publishes it — whatever happens to that job, nothing shows early.
 */
export async function scheduleArticle(
  db: DbClient,
  slug: string,
  publishAt: Date | null,
  actor: Actor,
  /** From an approval that already passed the findings gate (the findings the editor confirmed, if any). */
  confirmedFindings?: string[],
) {
  const row = await articleBySlug(db, slug);
  if (!row) throw notFound("Article");
  if (row.status === "published")
    throw new AppError("CONFLICT", "publish_at: el artículo ya está publicado", {
      field: "publish_at",
      reason: "alreadyPublished",
    });
  if (publishAt && publishAt.getTime() <= Date.now())
    throw new AppError("BAD_REQUEST", "publish_at: must be in the future", {
      field: "publish_at",
      reason: "publishAtNotFuture",
    });
  // Scheduling a draft not yet approved is approving it for later: the same gate as approving, and the
  // findings the editor confirmed are stored on this revision, as an approval stores them.
  const confirmed =
    confirmedFindings ?? (publishAt && !row.publish_at ? await findingsGate(db, row, false) : undefined);
  const { after } = await changeArticle(
    db,
    slug,
    // Approving for later takes it out of review (and of the rejected pile); cancelling leaves a plain draft.
    publishAt ? { publish_at: publishAt, status: "draft", review_required: false } : { publish_at: null },
    {
      action: publishAt ? "schedule" : "unschedule",
      actor,
      confirmedFindings: confirmed,
      // Approving for later is approving: the editor answers for what the job publishes.
      approval: Boolean(publishAt),
    },
  );
  return toArticleDto(after);
}

function publishIfDue(row: Article, now: Date): Prisma.ArticleUpdateInput {
  if (row.status !== "draft" || !row.publish_at || row.publish_at > now) return {};
  return {
    status: "published",
    review_required: false,
    published_at: row.publish_at,
    date: row.is_agent ? row.publish_at : row.date,
    publish_at: null,
  };
}

/**
 * Publishes every scheduled article whose time has come (at `now`), each with its revision, audit entry
 * and the same cache expiry as an approval. Idempotent: run twice, or by two workers at once, each article
 * is published once (the row is re-checked under its lock).
 */
export async function publishDueArticles(db: DbClient, now: Date = new Date()) {
  const due = await dueScheduledSlugs(db, now);
  const published: string[] = [];
  for (const slug of due) {
    const change = await changeArticle(db, slug, (row) => publishIfDue(row, now), {
      action: "scheduled_publish",
      actor: SYSTEM_ACTOR,
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === "NOT_FOUND") return null; // deleted meanwhile
      throw err;
    });
    if (!change || change.before.status === "published" || change.after.status !== "published") continue;
    const { before } = change;
    published.push(slug);
    await recordAudit(db, {
      action: "article.scheduled_publish",
      actor: SYSTEM_ACTOR,
      target: { type: "article", id: slug },
      outcome: "success",
      details: { publish_at: before.publish_at?.toISOString() ?? null },
    });
    await invalidateArticles({ slug });
    await emitArticleEvent(db, { kind: "published", articleId: change.after.id });
  }
  return { published };
}
