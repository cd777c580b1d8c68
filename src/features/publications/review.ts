import {
  articleBySlug,
  deleteArticleRow,
  deskArticles,
  invalidateArticles,
  toArticleDto,
} from "~/features/articles/index.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { emitArticleEvent } from "~/platform/events/article-events.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { openAiConfigured } from "~/platform/providers/openai.ts";
import { renderMarkdown } from "~/platform/security/markdown.ts";
import { findingsGate } from "./findings-gate.ts";
import { regenerateImageJob } from "./jobs.ts";
import { changeArticle } from "./record-revision.ts";
import { scheduleArticle } from "./schedule.ts";

/** The API answers in Spanish, as it always has; the admin renders the same keys in its reader's language. */
const say = translatorFor("es", "adminPublications");

/** Pendientes: drafts (review required or not), newest first; approved-for-later ones are in Programadas. */
export async function listDrafts(db: DbClient) {
  return (await deskArticles(db, "drafts")).map(toArticleDto);
}

/** Programadas: approved for a later time, soonest first. */
export async function listScheduled(db: DbClient) {
  return (await deskArticles(db, "scheduled")).map(toArticleDto);
}

/** Aprobadas: published articles, newest first. */
export async function listApproved(db: DbClient) {
  return (await deskArticles(db, "approved")).map(toArticleDto);
}

async function findArticle(db: DbClient, slug: string) {
  const row = await articleBySlug(db, slug);
  if (!row) throw notFound("Article");
  return row;
}

/**
 * PUT /api/articles/{slug}: approve (publish) or reject a draft (docs/product.md §4). A published article is only
 * deleted, never rejected; repeating the same decision is a no-op. Approving with a future `publishAt`
 * schedules it instead (src/features/publications/schedule.ts).
 */
export async function reviewArticle(
  db: DbClient,
  slug: string,
  status: "published" | "rejected",
  actor: Actor,
  publishAt?: Date,
  confirmFindings = false,
) {
  const row = await findArticle(db, slug);
  const confirmedFindings = status === "published" ? await findingsGate(db, row, confirmFindings) : [];
  if (status === "published" && publishAt && publishAt.getTime() > Date.now()) {
    return scheduleArticle(db, slug, publishAt, actor, confirmedFindings);
  }
  if (row.status === status) return toArticleDto(row);
  if (row.status === "published")
    throw new AppError("CONFLICT", "Un artículo publicado solo puede eliminarse", {
      field: "status",
      reason: "publishedOnlyDelete",
    });
  const now = new Date();
  const { after } = await changeArticle(
    db,
    slug,
    status === "published"
      ? { status, review_required: false, published_at: now, date: row.is_agent ? now : row.date, publish_at: null }
      : { status, publish_at: null },
    {
      action: status === "published" ? "approve" : "reject",
      actor,
      confirmedFindings,
      approval: status === "published",
    },
  );
  if (status === "published") {
    await invalidateArticles({ slug });
    await emitArticleEvent(db, { kind: "published", articleId: after.id });
  }
  return toArticleDto(after);
}

export async function deleteArticle(db: DbClient, slug: string) {
  const row = await findArticle(db, slug);
  await deleteArticleRow(db, slug);
  if (row.status === "published") {
    await invalidateArticles({ slug });
    await emitArticleEvent(db, { kind: "removed", articleId: row.id });
  }
  return { message: say("outcomes.deleted") };
}

async function revalidateIfPublic(status: string, slug: string) {
  if (status === "published") await invalidateArticles({ slug });
}

export async function toggleFeatured(db: DbClient, slug: string, actor: Actor) {
  const { after } = await changeArticle(db, slug, (row) => ({ featured: !row.featured }), {
    action: "feature",
    actor,
  });
  await revalidateIfPublic(after.status, slug);
  return toArticleDto(after);
}

/** Static (file-based) vs dynamic (served from the database list). */
export async function toggleStatic(db: DbClient, slug: string, actor: Actor) {
  const { after } = await changeArticle(db, slug, (row) => ({ is_static: !row.is_static }), {
    action: "static",
    actor,
  });
  await revalidateIfPublic(after.status, slug);
  return { message: say(after.is_static ? "outcomes.markedStatic" : "outcomes.markedDynamic") };
}

/** Queues the image job (an Inngest function when Inngest is configured). */
export async function requestImageRegeneration(db: DbClient, slug: string) {
  await findArticle(db, slug);
  if (!openAiConfigured())
    throw new AppError("SERVICE_UNAVAILABLE", "OpenAI is not configured: set OPENAI_API_KEY", {
      details: "providerNotConfigured",
      reason: "openaiNotConfigured",
    });
  const requestId = `${slug}:${Date.now()}`;
  await enqueue(regenerateImageJob, { slug, requestId }, { id: requestId });
  return { message: say("outcomes.imageQueued") };
}

/** The preview dialog's bodies through the sanitising renderer (the English falls back to the Spanish). */
/** The desk's live preview: any Markdown through the same sanitising renderer as the public page. */
export function renderMarkdownPreview(markdown: string) {
  return { html: renderMarkdown(markdown) };
}

export async function renderArticleBodies(db: DbClient, slug: string) {
  const row = await findArticle(db, slug);
  return { es: renderMarkdown(row.body_es), en: renderMarkdown(row.body_en || row.body_es) };
}
