import { articleForRecheck, invalidateArticles } from "~/features/articles/index.ts";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { ReportStore } from "./report-store.ts";
import { articleSnapshots, type SnapshotView } from "./source-snapshots.ts";
import { type ClaimResult, splitSentences } from "./verification/index.ts";
import { verifyContent } from "./verify-article.ts";

/** A source whose extracted text changed since the copy the article was last checked against. */
export interface ChangedCopy {
  url: string;
  old: SnapshotView;
  fresh: SnapshotView;
}

/** A figure or quotation that held against the old copy and no longer holds against the new one. */
export interface BrokenClaim {
  lang: string;
  kind: "quote" | "figure";
  claim: string;
  sentence: string;
  old_passage: string;
  new_passage: string | null;
}

const LINK_CHECK_ACTOR = { id: null, name: "comprobación de enlaces" };
const claimKey = (c: ClaimResult) => `${c.lang}\u0000${c.kind}\u0000${c.claim}\u0000${c.sentence}`;
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The sentence of the new copy that reads most like the old passage: where the claim's support went. */
export function closestPassage(oldPassage: string, newText: string): string | null {
  const target = wordsOf(oldPassage);
  let best: { text: string; score: number } | null = null;
  for (const sentence of splitSentences(newText)) {
    const words = wordsOf(sentence);
    let shared = 0;
    for (const w of words) if (target.has(w)) shared++;
    const score = shared / Math.max(1, Math.max(words.size, target.size));
    if (!best || score > best.score) best = { text: sentence, score };
  }
  return best && best.score > 0 ? best.text : null;
}

const sourcesOf = (value: Prisma.JsonValue) =>
  (Array.isArray(value) ? (value as { name?: unknown; url?: unknown }[]) : [])
    .filter((s) => typeof s?.url === "string")
    .map((s) => ({ name: String(s.name ?? ""), url: String(s.url) }));

/**
 * Verifies the article against its newest copies (the changed ones now stored) and compares with the report
 * against the copies before: each claim that was found in a changed source and is now found nowhere is
 * recorded, per changed source, for "Fuentes cambiadas". The new report is stored as a "verify" revision.
 * Returns how many changed sources were recorded.
 */
export async function recheckChangedArticle(
  db: DbClient,
  store: ReportStore,
  articleId: string,
  changed: ChangedCopy[],
  now: Date,
) {
  const article = await articleForRecheck(db, articleId);
  if (!article || changed.length === 0) return 0;
  const sources = sourcesOf(article.sources);
  const current = await articleSnapshots(db, articleId);
  const freshUrls = new Set(changed.map((c) => c.url));
  const before = [...current.filter((s) => !freshUrls.has(s.url)), ...changed.map((c) => c.old)];
  const content = { ...article, sources };
  const oldReport = verifyContent(content, before, now);
  const newReport = verifyContent(content, current, now);
  const holdsNow = new Set(newReport.claims.filter((c) => c.found).map(claimKey));
  let recorded = 0;
  for (const copy of changed) {
    const n = sources.findIndex((s) => s.url === copy.url) + 1;
    const broken: BrokenClaim[] = oldReport.claims
      .filter((c) => c.found && c.n === n && c.passage && !holdsNow.has(claimKey(c)))
      .map((c) => ({
        lang: c.lang,
        kind: c.kind,
        claim: c.claim,
        sentence: c.sentence,
        old_passage: c.passage ?? "",
        new_passage: closestPassage(c.passage ?? "", copy.fresh.text),
      }));
    if (broken.length === 0) continue;
    await db.changedSource.create({
      data: {
        article_id: articleId,
        url: copy.url,
        old_snapshot_id: copy.old.id,
        new_snapshot_id: copy.fresh.id,
        claims: broken as unknown as Prisma.InputJsonValue,
        found_at: now,
      },
    });
    recorded++;
  }
  await store.record(db, article.slug, newReport, LINK_CHECK_ACTOR);
  // A new report changes the article's "how we checked this" box and its /fuentes page.
  if (article.status === "published") await invalidateArticles({ slug: article.slug });
  return recorded;
}
