import { articleOfRun, insertArticle } from "~/features/articles/index.ts";
import type { SourceCheck, VerificationReport } from "~/features/publications/index.ts";
import { attachRunSnapshots, recordRevision } from "~/features/publications/index.ts";
import { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { Draft, Translation } from "./pipeline.ts";
import { slugify } from "./pipeline.ts";
import type { RunPlan } from "./run-plan.ts";

interface SavedArticle {
  id: string;
  slug: string;
  title: string;
  status: "draft" | "published" | "rejected";
  review_required: boolean;
}

const summary = (a: {
  id: string;
  slug: string;
  title_es: string;
  status: SavedArticle["status"];
  review_required: boolean;
}) => ({
  id: a.id,
  slug: a.slug,
  title: a.title_es,
  status: a.status,
  review_required: a.review_required,
});

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";

/**
 * Step "save": writes the run's article once. articles.agent_run_id is UNIQUE, so a replayed run (Inngest
 * replay, an in-process retry after a crash between save and finish) finds the article instead of adding one.
 */
export async function saveRunArticle(
  db: DbClient,
  plan: RunPlan,
  draft: Draft,
  translation: Translation,
  check: SourceCheck,
  imageUrl: string | null,
  report: VerificationReport | null = null,
): Promise<SavedArticle & { created: boolean }> {
  const existing = await articleOfRun(db, plan.runId);
  if (existing) return { ...summary(existing), created: false };

  const es = plan.language === "es" ? draft : translation;
  const en = plan.language === "es" ? translation : draft;
  // Interviews never publish themselves (quotes need a human check); nor does anything failing the source
  // policy, nor a grounded draft the verification did not fully pass.
  const unverified = report !== null && report.status !== "verified";
  const reviewRequired = check.reviewRequired || unverified || plan.kind === "interview-generator";
  const publish = plan.autoPublish && !reviewRequired;
  const now = new Date();
  const base = slugify(es.title) || `articulo-${plan.runId.slice(-8)}`;

  for (let attempt = 0; attempt < 3; attempt++) {
    const slug = attempt === 0 ? base : `${base.slice(0, 70)}-${plan.runId.slice(-6 - attempt)}`;
    try {
      const row = await insertArticle(db, {
        slug,
        title_es: es.title,
        title_en: en.title,
        summary_es: es.summary,
        summary_en: en.summary,
        body_es: es.body,
        body_en: en.body,
        date: now,
        topics: draft.topics,
        type: plan.contentType,
        tags: draft.tags,
        sources: draft.sources,
        author: plan.author,
        author_name: plan.author,
        image_url: imageUrl,
        is_agent: true,
        review_required: reviewRequired,
        status: publish ? "published" : "draft",
        published_at: publish ? now : null,
        agent_run_id: plan.runId,
      });
      await attachRunSnapshots(db, plan.runId, row.id);
      await recordRevision(db, null, row, {
        action: "agent_draft",
        actor: { id: null, name: plan.author },
        verification: report,
      });
      return { ...summary(row), created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Either a concurrent replay saved this run's article first, or the slug is taken: try the next slug.
      const row = await articleOfRun(db, plan.runId);
      if (row) return { ...summary(row), created: false };
    }
  }
  throw new Error(`could not find a free slug for "${base}"`);
}
