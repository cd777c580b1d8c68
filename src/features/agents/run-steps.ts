import { articleOfRun, invalidateArticles } from "~/features/articles/index.ts";
import { checkSources, runSnapshots, type SourceCheck, type VerificationReport } from "~/features/grounding/index.ts";
import { generateArticleImage } from "~/features/publications/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { emitArticleEvent } from "~/platform/events/article-events.ts";
import type { JobFailure } from "~/platform/jobs/define-job.ts";
import { ProviderUnavailableError } from "~/platform/providers/provider-error.ts";
import { type Draft, gatherMaterial, type Material, type Translation, translateDraft, writeDraft } from "./pipeline.ts";
import { sourcesCountLine } from "./run-log.ts";
import { type LogText, runLog } from "./run-log-text.ts";
import { loadRunPlan, type RunPlan } from "./run-plan.ts";
import { fetchListedSources, isGrounded, readSources } from "./run-sources.ts";
import { appendRunLog, markRunFailed, stampedLog } from "./runs.ts";
import { saveRunArticle } from "./save-article.ts";
import type { RunFailure } from "./schema.ts";

/**
 * The steps of an agent run as the job calls them (src/features/agents/jobs.ts): each does its part of the
 * work and records it on the run (status, progress, a log line), so the job itself only orchestrates.
 */

/** Run log lines are stored as catalog keys and values, shown in the language of the admin reading them. */
const log = runLog;

/** Step "start": the run's plan, and the run marked running (a replay that already saved says so). */
export async function beginRun(db: DbClient, runId: string): Promise<RunPlan> {
  const plan = await loadRunPlan(db, runId);
  const already = await articleOfRun(db, runId);
  await db.agentRun.update({
    where: { id: runId },
    data: { status: "running", started_at: new Date(), finished_at: null, error: null, progress: 5 },
  });
  await appendRunLog(
    db,
    runId,
    already ? log("replay", { slug: already.slug }) : log("start", { kind: plan.kind, agent: plan.agentName }),
  );
  return plan;
}

export async function gatherRunMaterial(db: DbClient, plan: RunPlan): Promise<Material> {
  const material = await gatherMaterial(db, plan);
  for (const note of material.notes) await appendRunLog(db, plan.runId, note);
  await appendRunLog(db, plan.runId, log("materialGathered", { count: material.sources.length }), 20);
  return material;
}

const touchAgent = async (db: DbClient, agentId: string | null) => {
  if (agentId) await db.agent.update({ where: { id: agentId }, data: { last_run: new Date() } });
};

/** The run ends completed with what it produced (docs/product.md §3: generatedContent title, type, metadata). */
async function completeRun(
  db: DbClient,
  plan: RunPlan,
  generatedContent: { title: string; type: string; metadata: Record<string, string | number | boolean> },
  line?: LogText,
) {
  await db.agentRun.update({
    where: { id: plan.runId },
    data: {
      status: "completed",
      progress: 100,
      finished_at: new Date(),
      result: { generatedContent },
      ...(line ? { logs: { push: stampedLog(line) } } : {}),
    },
  });
  await touchAgent(db, plan.agentId);
}

/** Step "finish-empty": a news run with nothing new ends completed, without an article. */
export async function finishEmptyRun(db: DbClient, plan: RunPlan) {
  const content = { title: "", type: plan.contentType, metadata: { newItems: 0 } };
  await completeRun(db, plan, content, log("nothingNew"));
  return { articleId: null };
}

export async function draftRun(db: DbClient, plan: RunPlan, material: Material): Promise<Draft> {
  const draft = await writeDraft(plan, material, await readSources(db, plan, material));
  await fetchListedSources(db, plan, draft.sources);
  await appendRunLog(db, plan.runId, log("draft", { language: plan.language, title: draft.title }), 45);
  return draft;
}

export async function translateRun(db: DbClient, plan: RunPlan, draft: Draft): Promise<Translation> {
  const translation = await translateDraft(plan, draft);
  await appendRunLog(
    db,
    plan.runId,
    log("otherLanguage", { language: plan.language === "es" ? "en" : "es", title: translation.title }),
    60,
  );
  return translation;
}

/**
 * Step "check-sources": the source policy's verdict, and the count of the listed sources that were read (an
 * allow-listed host is not a reading: only a copy fetched with 2xx or 304 is), with why each other one was not.
 * An interview's sources are the editor's links, never fetched, so none counts as read.
 */
export async function checkRunSources(db: DbClient, plan: RunPlan, draft: Draft): Promise<SourceCheck> {
  const check = checkSources(draft.sources);
  if (check.reason === "noSources") {
    await appendRunLog(db, plan.runId, log("noSources"), 70);
    return check;
  }
  if (check.reason === "unofficialSources")
    await appendRunLog(db, plan.runId, log("sourcesOutside", { sources: check.rejected.join(", ") }));
  const snapshots = isGrounded(plan) ? await runSnapshots(db, plan.runId) : [];
  await appendRunLog(db, plan.runId, sourcesCountLine(draft.sources, snapshots), 70);
  return check;
}

/** Step "image": an article without an image is still worth reviewing; the editor can regenerate it later. */
export async function illustrateRun(db: DbClient, plan: RunPlan, draft: Draft): Promise<string | null> {
  try {
    const url = await generateArticleImage(draft.title, draft.summary);
    await appendRunLog(db, plan.runId, log("imageGenerated"), 85);
    return url;
  } catch (err) {
    await appendRunLog(db, plan.runId, log("imageFailed", { message: runFailure(err).message }), 85);
    return null;
  }
}

type SavedArticle = Awaited<ReturnType<typeof saveRunArticle>>;

/** Step "save": the article, once per run (see saveRunArticle). */
export async function saveRun(
  db: DbClient,
  plan: RunPlan,
  work: {
    draft: Draft;
    translation: Translation;
    check: SourceCheck;
    imageUrl: string | null;
    report: VerificationReport | null;
  },
): Promise<SavedArticle> {
  const { draft, translation, check, imageUrl, report } = work;
  const saved = await saveRunArticle(db, plan, draft, translation, check, imageUrl, report);
  await appendRunLog(
    db,
    plan.runId,
    saved.created
      ? log(saved.review_required ? "savedForReview" : "saved", { slug: saved.slug, status: saved.status })
      : log("alreadySaved", { slug: saved.slug }),
    95,
  );
  return saved;
}

/** Step "finish": the run completed with what it produced; a published article reaches the public pages. */
export async function finishRun(
  db: DbClient,
  plan: RunPlan,
  saved: SavedArticle,
  work: { draft: Draft; imageUrl: string | null; report: VerificationReport | null },
) {
  await completeRun(db, plan, {
    title: saved.title,
    type: plan.contentType,
    metadata: {
      slug: saved.slug,
      status: saved.status,
      review_required: saved.review_required,
      sources: work.draft.sources.length,
      verification: work.report?.status ?? "none",
      language: plan.language,
      image: Boolean(work.imageUrl),
    },
  });
  await appendRunLog(db, plan.runId, log("completed"));
  if (saved.status === "published") {
    await invalidateArticles({ slug: saved.slug });
    await emitArticleEvent(db, { kind: "published", articleId: saved.id });
  }
  return { articleId: saved.id, slug: saved.slug, status: saved.status };
}

function runFailure(err: unknown): { message: string; failure: RunFailure } {
  if (err instanceof ProviderUnavailableError)
    return { message: err.message, failure: { code: err.code, params: err.params } };
  const message = err instanceof Error ? err.message : String(err);
  return { message, failure: { code: "provider", params: { message } } };
}

/**
 * The job's failure hook: a failed attempt that will be retried is noted in the logs; the run's final
 * failure (or an operator's cancel) marks it failed with a reason the admin UI translates.
 */
export async function recordRunFailure(db: DbClient, runId: string, failure: JobFailure) {
  if (!failure.final) {
    await appendRunLog(
      db,
      runId,
      log("attemptFailed", { attempt: String(failure.attempt + 1), message: failure.message }),
    );
    return;
  }
  const { message, failure: reason } = failure.cancelled
    ? { message: log("cancelled"), failure: { code: "cancelled" as const, params: {} } }
    : runFailure(failure.error);
  await markRunFailed(db, runId, message, reason);
  const run = await db.agentRun.findUnique({ where: { id: runId }, select: { agent_id: true } });
  await touchAgent(db, run?.agent_id ?? null);
}
