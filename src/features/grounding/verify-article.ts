import type { Article, Prisma } from "~/generated/prisma/client.ts";
import { factsOf } from "./facts/stored.ts";
import { stripTies, tiedSentences } from "./inline-ties.ts";
import { isOfficialSource } from "./source-policy.ts";
import type { SnapshotView } from "./source-snapshots.ts";
import type { DraftForCheck, SourceForCheck, VerificationReport } from "./verification/index.ts";
import { verifyDraft } from "./verification/index.ts";

/** What the check needs of an article: its titles and summaries, its bodies (with inline ties), its sources. */
export interface CheckedContent {
  title_es?: string;
  title_en?: string | null;
  summary_es?: string;
  summary_en?: string | null;
  body_es: string;
  body_en: string | null;
  sources: { name?: string; url: string }[];
}

/** An article row's checked fields: both titles, summaries and bodies, with the sources it lists. */
export function checkedContentOf(
  row: Pick<Article, "title_es" | "title_en" | "summary_es" | "summary_en" | "body_es" | "body_en">,
  sources: { name?: string; url: string }[],
): CheckedContent {
  const { title_es, title_en, summary_es, summary_en, body_es, body_en } = row;
  return { title_es, title_en, summary_es, summary_en, body_es, body_en, sources };
}

/** Source n of the article (1-based) against the newest snapshot of its URL; unknown URLs count as not fetched. */
export function sourcesForCheck(sources: { url: string }[], snapshots: SnapshotView[]): SourceForCheck[] {
  const byUrl = new Map(snapshots.map((s) => [s.url, s]));
  return sources.map((source, i) => {
    const snap = byUrl.get(source.url);
    return {
      n: i + 1,
      url: source.url,
      finalUrl: snap?.finalUrl ?? null,
      status: snap?.status ?? null,
      allowListed: snap ? snap.allowListed : isOfficialSource(source.url),
      fetched: Boolean(snap?.ok),
      text: snap?.ok ? snap.text : "",
      reason: snap ? snap.reason : null,
      truncated: snap?.truncated ?? false,
      // Read when the copy was stored (again here only if an older extractor read it): the verifier compares
      // claims with these rather than reading the text once more.
      facts: snap?.ok ? factsOf(snap) : null,
    };
  });
}

function draftFor(
  lang: "es" | "en",
  body: string,
  sourceUrls: string[],
  head: { title?: string | null; summary?: string | null },
): DraftForCheck {
  return {
    lang,
    title: head.title ?? "",
    summary: head.summary ?? "",
    body: stripTies(body),
    sentences: tiedSentences(body),
    sourceUrls,
  };
}

/**
 * Runs the verifier on both languages, title and summary included (an English body that is empty is not
 * checked: there is none yet).
 */
export function verifyContent(content: CheckedContent, snapshots: SnapshotView[], now = new Date()) {
  const urls = content.sources.map((s) => s.url);
  const drafts = [draftFor("es", content.body_es, urls, { title: content.title_es, summary: content.summary_es })];
  if (content.body_en?.trim())
    drafts.push(draftFor("en", content.body_en, urls, { title: content.title_en, summary: content.summary_en }));
  return verifyDraft({ drafts, sources: sourcesForCheck(content.sources, snapshots), now });
}

/** One line per finding, as stored on a revision an editor approved despite them. */
export function findingLines(report: VerificationReport): string[] {
  return report.findings.map(
    (f) => `${f.lang}${f.field && f.field !== "body" ? ` ${f.field}` : ""}: ${f.check}: ${f.claim ?? f.sentence}`,
  );
}

export const reportJson = (report: VerificationReport) => report as unknown as Prisma.InputJsonValue;
