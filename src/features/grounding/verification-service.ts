import { articleBySlug, invalidateArticles } from "~/features/articles/index.ts";
import type { Article } from "~/generated/prisma/client.ts";
import type { Actor } from "~/platform/audit/actor.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import { factsOf } from "./facts/stored.ts";
import { fetchAndSnapshot } from "./fetch-sources.ts";
import type { ReportStore } from "./report-store.ts";
import { articleSnapshots, previousFetch, type SnapshotView, toSnapshotView } from "./source-snapshots.ts";
import type { VerificationReport } from "./verification/index.ts";
import { checkedContentOf, verifyContent } from "./verify-article.ts";

const sourcesOf = (row: Pick<Article, "sources">) =>
  (Array.isArray(row.sources) ? (row.sources as { name?: string; url?: string }[]) : [])
    .filter((s) => typeof s?.url === "string")
    .map((s) => ({ name: String(s.name ?? ""), url: String(s.url) }));

/** The fields the verifier reads: a change to any of them checks the article again. */
const CHECKED_FIELDS = ["title_es", "title_en", "summary_es", "summary_en", "body_es", "body_en"] as const;

/** The report for content about to be saved, against the stored snapshots (no fetch): null if not grounded. */
export async function reportForEdit(
  db: DbClient,
  store: ReportStore,
  slug: string,
  changes: Partial<Record<(typeof CHECKED_FIELDS)[number], string | null>> & {
    sources?: { name: string; url: string }[];
  },
): Promise<VerificationReport | null> {
  if (!CHECKED_FIELDS.some((f) => changes[f] !== undefined) && changes.sources === undefined) return null;
  const row = await articleBySlug(db, slug);
  if (!row || !(await store.hasReport(db, row.id))) return null;
  const pick = (f: (typeof CHECKED_FIELDS)[number]) => (changes[f] !== undefined ? changes[f] : row[f]);
  return verifyContent(
    {
      title_es: pick("title_es") ?? "",
      title_en: pick("title_en"),
      summary_es: pick("summary_es") ?? "",
      summary_en: pick("summary_en"),
      body_es: pick("body_es") ?? "",
      body_en: pick("body_en"),
      sources: changes.sources ?? sourcesOf(row),
    },
    await articleSnapshots(db, row.id),
  );
}

const summary = (s: SnapshotView) => ({
  id: s.id,
  url: s.url,
  final_url: s.finalUrl,
  ok: s.ok,
  status: s.status,
  reason: s.reason,
  fetched_at: s.fetchedAt,
  title: s.title,
  content_hash: s.contentHash,
  allow_listed: s.allowListed,
  truncated: s.truncated,
  check_state: s.checkState,
  checked_at: s.checkedAt,
});

/** GET /api/articles/{slug}/verification: the current report, its confirmation and the sources consulted. */
export async function getVerification(db: DbClient, store: ReportStore, slug: string) {
  const row = await articleBySlug(db, slug);
  if (!row) throw notFound("Article");
  const { report, confirmation } = await store.latest(db, row.id);
  const snapshots = await articleSnapshots(db, row.id);
  return {
    slug,
    status: report?.status ?? null,
    report,
    confirmation,
    snapshots: snapshots.map(summary),
  };
}

/**
 * POST /api/articles/{slug}/verification: fetches the article's sources again (conditional GETs against the
 * last snapshot of each), stores the new snapshots and a "verify" revision with the new report.
 */
export async function reverifyArticle(db: DbClient, store: ReportStore, slug: string, actor: Actor) {
  const row = await articleBySlug(db, slug);
  if (!row) throw notFound("Article");
  const before = await articleSnapshots(db, row.id);
  const previous = new Map(before.filter((s) => s.ok).map((s) => [s.url, previousFetch(s)]));
  const sources = sourcesOf(row);
  await fetchAndSnapshot(
    db,
    sources.map((s) => s.url),
    { articleId: row.id },
    previous,
  );
  const report = verifyContent(checkedContentOf(row, sources), await articleSnapshots(db, row.id));
  await store.record(db, slug, report, actor);
  // A new report changes the article's "how we checked this" box and its /fuentes page.
  if (row.status === "published") await invalidateArticles({ slug });
  return getVerification(db, store, slug);
}

/** "Fuentes consultadas": one snapshot with its extracted text and its facts (read again if stale). */
export async function getSnapshot(db: DbClient, id: string) {
  const row = await db.sourceSnapshot.findUnique({ where: { id } });
  if (!row) throw notFound("Source snapshot");
  const view = toSnapshotView(row);
  return { ...summary(view), text: row.text, facts: factsOf(view) };
}
