import { articleBySlug } from "~/features/articles/index.ts";
import type { SourceSnapshot } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { readerSources } from "./reader-sources.ts";
import type { ReportStore } from "./report-store.ts";
import type { ClaimResult } from "./verification/index.ts";

/** A figure or quotation the report found in a source, with the source's sentences around it. */
export interface PublicClaim {
  /** The anchor on /fuentes (`c1`, `c2`…), stable for one report. */
  id: string;
  lang: "es" | "en";
  kind: "quote" | "figure";
  claim: string;
  sentence: string;
  /** The source's number as the article cites it. */
  n: number;
  before: string[];
  passage: string;
  after: string[];
}

export interface PublicSource {
  n: number;
  name: string;
  url: string;
  /** When the copy the report checked against was fetched; null when it was never read. */
  copiedAt: Date | null;
}

/** What readers see of an article's verification: no findings, no internal notes, no whole copies. */
export interface PublicVerification {
  checkedAt: Date;
  /** When an editor published over findings they confirmed (the notes themselves stay in the desk). */
  reviewedAt: Date | null;
  sources: PublicSource[];
  /** Claims checked per language (found or not): what the box counts. */
  counts: Record<"es" | "en", { figures: number; quotes: number }>;
  /** Claims a source supports: what the box links and /fuentes shows. */
  claims: PublicClaim[];
}

/** Sentences around a passage: enough to read it in context, never the whole copy. */
const CONTEXT_SENTENCES = 2;

/** The source's sentences, split the way the verifier cuts its passages. */
const sentencesOf = (text: string) =>
  text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}«“"])/u)
    .map((t) => t.trim())
    .filter(Boolean);

function inContext(text: string, passage: string) {
  const sentences = sentencesOf(text);
  const at = sentences.indexOf(passage.trim());
  if (at < 0) return { before: [], after: [] };
  return {
    before: sentences.slice(Math.max(0, at - CONTEXT_SENTENCES), at),
    after: sentences.slice(at + 1, at + 1 + CONTEXT_SENTENCES),
  };
}

/** The copy of each URL the report was made against: the newest fetched successfully by then. */
async function copiesAt(db: DbClient, articleId: string, at: Date) {
  const rows = await db.sourceSnapshot.findMany({
    where: { article_id: articleId, ok: true, fetched_at: { lte: at } },
    orderBy: [{ fetched_at: "desc" }, { created_at: "desc" }],
  });
  const byUrl = new Map<string, SourceSnapshot>();
  for (const row of rows) if (!byUrl.has(row.url)) byUrl.set(row.url, row);
  return byUrl;
}

const countOf = (claims: ClaimResult[], lang: "es" | "en") => ({
  figures: claims.filter((c) => c.lang === lang && c.kind === "figure").length,
  quotes: claims.filter((c) => c.lang === lang && c.kind === "quote").length,
});

/** The public side of a published article's newest verification report; null without one. */
export async function publicVerification(
  db: DbClient,
  store: ReportStore,
  slug: string,
): Promise<PublicVerification | null> {
  const article = await articleBySlug(db, slug);
  if (article?.status !== "published") return null;
  const { report, confirmation } = await store.latest(db, article.id);
  if (!report) return null;
  const checkedAt = new Date(report.checkedAt);
  // A source whose newest copy failed is not shown, nor are the passages quoted from it: readers get no link
  // the site could not read. The others keep their numbers, so the body's [n] still points at them.
  const shown = new Map((await readerSources(db, article)).map((s) => [s.n, s]));
  const copies = await copiesAt(db, article.id, checkedAt);
  const sources = [...shown.values()].map((s) => ({ ...s, copiedAt: copies.get(s.url)?.fetched_at ?? null }));
  const claims: PublicClaim[] = [];
  for (const c of report.claims) {
    if (!c.found || c.n === null || !c.passage || !shown.has(c.n)) continue;
    const copy = copies.get(shown.get(c.n)?.url ?? "");
    claims.push({
      id: `c${claims.length + 1}`,
      lang: c.lang,
      kind: c.kind,
      claim: c.claim,
      sentence: c.sentence,
      n: c.n,
      passage: c.passage,
      ...(copy ? inContext(copy.text, c.passage) : { before: [], after: [] }),
    });
  }
  return {
    checkedAt,
    reviewedAt: report.status !== "verified" ? (confirmation?.at ?? null) : null,
    sources,
    counts: { es: countOf(report.claims, "es"), en: countOf(report.claims, "en") },
    claims,
  };
}

/** The language whose claims a page shows: the English body's when the article has one, else the Spanish. */
export function claimsFor(verification: PublicVerification, locale: "es" | "en") {
  const lang = locale === "en" && verification.claims.some((c) => c.lang === "en") ? "en" : "es";
  return { lang, claims: verification.claims.filter((c) => c.lang === lang), counts: verification.counts[lang] };
}
