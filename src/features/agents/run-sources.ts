import {
  fetchRunSources,
  runSnapshots,
  type VerificationReport,
  verifyContent,
} from "~/features/publications/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import type { FetchRefusal } from "~/platform/providers/source-fetcher/index.ts";
import { type GroundSource, runDraftContent } from "./grounding.ts";
import type { Draft, Material, Translation } from "./pipeline.ts";
import type { RunPlan } from "./run-plan.ts";
import { appendRunLog, markRunFailed } from "./runs.ts";

/**
 * The grounding steps of an agent run: fetch what the material points at (snapshots stored by publications),
 * hand the fetched text to the drafting step, and verify the draft against it. Interviews are written from the
 * editor's material only and skip all three.
 */

const log = translatorFor("es", "jobLogs.agentRun");

export const isGrounded = (plan: RunPlan) => plan.kind !== "interview-generator";

/** Step "fetch-sources": one log line per source read or refused; the count of sources read. */
export async function fetchRunMaterial(db: DbClient, plan: RunPlan, material: Material) {
  const snapshots = await fetchRunSources(
    db,
    plan.runId,
    material.sources.map((s) => s.url),
  );
  for (const s of snapshots) {
    const line = s.ok
      ? log("sourceRead", { url: s.url, title: s.title || s.finalUrl })
      : log("sourceRefused", {
          url: s.url,
          reason: log(`refusals.${(s.reason ?? "network") as FetchRefusal}`),
          detail: s.detail,
        });
    await appendRunLog(db, plan.runId, line);
  }
  const read = snapshots.filter((s) => s.ok).length;
  await appendRunLog(db, plan.runId, log("sourcesRead", { read: String(read), total: String(snapshots.length) }), 30);
  return { read, total: snapshots.length };
}

/** Step "finish-unsourced": nothing could be read, so nothing is written (never an article from memory). */
export async function finishUnsourcedRun(db: DbClient, plan: RunPlan) {
  await markRunFailed(db, plan.runId, log("noOfficialSource"), { code: "noOfficialSource", params: {} });
  if (plan.agentId) await db.agent.update({ where: { id: plan.agentId }, data: { last_run: new Date() } });
  return { articleId: null };
}

/** The run's fetched sources, numbered as the prompt and the draft's `[n]` markers number them. */
export async function readSources(db: DbClient, plan: RunPlan): Promise<GroundSource[]> {
  if (!isGrounded(plan)) return [];
  const snapshots = await runSnapshots(db, plan.runId);
  return snapshots.filter((s) => s.ok).map((s, i) => ({ n: i + 1, url: s.url, title: s.title, text: s.text }));
}

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
  const languages = translation ? "es+en" : plan.language;
  await appendRunLog(
    db,
    plan.runId,
    report.status === "verified"
      ? log("verified", { languages })
      : log("verificationFindings", { languages, status: report.status, count: String(report.findings.length) }),
    translation ? 75 : 50,
  );
  for (const f of report.findings.slice(0, 20))
    await appendRunLog(db, plan.runId, log("finding", { lang: f.lang, check: f.check, claim: f.claim ?? f.sentence }));
  return report;
}
