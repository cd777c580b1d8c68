import {
  fetchMoreRunSources,
  fetchRunSources,
  runSnapshots,
  type VerificationReport,
  verifyContent,
} from "~/features/grounding/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { runDraftContent } from "./grounded-prompt.ts";
import { citedSources, type Draft, type Material, type RunSources, type Translation } from "./pipeline.ts";
import { sourceLines, verificationLines } from "./run-log.ts";
import { runLog } from "./run-log-text.ts";
import type { RunPlan } from "./run-plan.ts";
import { appendRunLog, markRunFailed } from "./runs.ts";

/**
 * The grounding steps of an agent run: fetch what the material points at (snapshots stored by grounding),
 * hand the fetched text to the drafting step, and verify the draft against it. Interviews are written from the
 * editor's material only and skip all three.
 */

const log = runLog;

export const isGrounded = (plan: RunPlan) => plan.kind !== "interview-generator";

/** Step "fetch-sources": the lines saying each source read or refused (and why); the count of sources read. */
export async function fetchRunMaterial(db: DbClient, plan: RunPlan, material: Material) {
  const snapshots = await fetchRunSources(
    db,
    plan.runId,
    // Only web links are fetched and listed (a `javascript:` "source" from a feed never reaches a page).
    citedSources(material.sources).map((s) => s.url),
  );
  for (const s of snapshots) for (const line of sourceLines(s)) await appendRunLog(db, plan.runId, line);
  const read = snapshots.filter((s) => s.ok).length;
  await appendRunLog(db, plan.runId, log("sourcesRead", { read: String(read), total: String(snapshots.length) }), 30);
  return { read, total: snapshots.length };
}

/**
 * After drafting: the URLs the draft lists that the run had not fetched (the model's own) are fetched now,
 * so the report accounts for each (read, or refused with its reason) and the log says which.
 */
export async function fetchListedSources(db: DbClient, plan: RunPlan, listed: { url: string }[]) {
  if (!isGrounded(plan)) return;
  const known = new Set((await runSnapshots(db, plan.runId)).map((s) => s.url));
  const extra = listed.map((s) => s.url).filter((url) => !known.has(url));
  const snapshots = await fetchMoreRunSources(db, plan.runId, extra);
  for (const s of snapshots) for (const line of sourceLines(s)) await appendRunLog(db, plan.runId, line);
}

/** Step "finish-unsourced": nothing could be read, so nothing is written (never an article from memory). */
export async function finishUnsourcedRun(db: DbClient, plan: RunPlan) {
  await markRunFailed(db, plan.runId, log("noOfficialSource"), { code: "noOfficialSource", params: {} });
  if (plan.agentId) await db.agent.update({ where: { id: plan.agentId }, data: { last_run: new Date() } });
  return { articleId: null };
}

/** The run's sources (see RunSources): all it gathered, in fetch order, and the ones read. */
export async function readSources(db: DbClient, plan: RunPlan, material: Material): Promise<RunSources> {
  if (!isGrounded(plan)) return { listed: [], read: [] };
  // Only what the run gathered: the model's own URLs (fetched after drafting) never reach a replayed prompt.
  const gathered = new Set(citedSources(material.sources).map((s) => s.url));
  const snapshots = (await runSnapshots(db, plan.runId)).filter((s) => gathered.has(s.url));
  const gatheredName = new Map(material.sources.map((s) => [s.url, s.name]));
  const listed = snapshots.map((s) => ({
    name: (s.ok && s.title.slice(0, 200)) || gatheredName.get(s.url) || hostName(s.url),
    url: s.url,
  }));
  const read = snapshots.flatMap((s, i) => (s.ok ? [{ n: i + 1, url: s.url, title: s.title, text: s.text }] : []));
  return { listed, read };
}

const hostName = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/**
 * Steps "verify-draft" (the primary language, right after drafting) and "verify" (both languages, after the
 * translation): the code's verdict, logged with its findings count.
 */
export async function verifyRunDraft(
  db: DbClient,
  plan: RunPlan,
  draft: Draft,
  translation: Translation | null,
): Promise<VerificationReport> {
  const report = verifyContent(runDraftContent(plan.language, draft, translation), await runSnapshots(db, plan.runId));
  const languages = translation ? ["es", "en"] : [plan.language];
  const [summary, ...findings] = verificationLines(report, languages);
  if (summary) await appendRunLog(db, plan.runId, summary, translation ? 75 : 50);
  for (const line of findings) await appendRunLog(db, plan.runId, line);
  return report;
}
