import { articleOfRun, insertArticleUnlessTaken } from "~/features/articles/index.ts";
import { publicInterestAutoPublishAllowed } from "~/features/editorial/index.ts";
import type { SourceCheck, VerificationReport } from "~/features/grounding/index.ts";
import { attachRunSnapshots } from "~/features/grounding/index.ts";
import { recordRevision } from "~/features/publications/index.ts";
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

/** Generated slugs stay well under the site's 200-character slug rule, short enough to read in a link. */
export const SLUG_MAX = 80;

/**
 * The slug of a run's article: the Spanish title's, and on a repeat the title's cut short enough for a
 * "-" and a piece of the run's id (longer on each attempt). Cutting a slug can leave a hyphen at its end, so
 * it is trimmed after every cut: the result always passes the site's slug rule (no "--", no hyphen at
 * either end).
 */
export function articleSlug(title: string, runId: string, attempt: number): string {
  const id = runId.toLowerCase().replace(/[^a-z0-9]+/g, "") || "0";
  const base = slugify(title) || `articulo-${id.slice(-8)}`;
  if (attempt === 0) return trimSlug(base.slice(0, SLUG_MAX));
  const suffix = `${id.slice(-6)}${attempt > 1 ? attempt : ""}`;
  return `${trimSlug(base.slice(0, SLUG_MAX - suffix.length - 1))}-${suffix}`.replace(/^-/, "");
}

const trimSlug = (slug: string) => slug.replace(/^-+|-+$/g, "");

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
  // A public-interest matter published with no human review needs the site's explicit consent (AI Act art. 50(4)).
  const publish =
    plan.autoPublish && !reviewRequired && (!plan.publicInterest || (await publicInterestAutoPublishAllowed(db)));
  const now = new Date();
  const data = {
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
    status: publish ? ("published" as const) : ("draft" as const),
    published_at: publish ? now : null,
    agent_run_id: plan.runId,
  };
  // A taken slug is expected (titles repeat): the insert skips it without an error and the next slug is tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertArticleUnlessTaken(db, { ...data, slug: articleSlug(es.title, plan.runId, attempt) });
    if (!row) {
      // Either a concurrent replay saved this run's article first, or the slug is taken.
      const saved = await articleOfRun(db, plan.runId);
      if (saved) return { ...summary(saved), created: false };
      continue;
    }
    await attachRunSnapshots(db, plan.runId, row.id);
    await recordRevision(db, null, row, {
      action: "agent_draft",
      actor: { id: null, name: plan.author },
      verification: report,
    });
    return { ...summary(row), created: true };
  }
  throw new Error(`could not find a free slug for "${articleSlug(es.title, plan.runId, 0)}"`);
}
