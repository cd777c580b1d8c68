import { articleSourcesById } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { FACTS_VERSION } from "./facts/types.ts";
import { fetchAndSnapshot, officialSourceFetcher } from "./fetch-sources.ts";
import type { ReportStore } from "./report-store.ts";
import { type ChangedCopy, recheckChangedArticle } from "./source-recheck.ts";
import { articleSnapshots, factsColumns, previousFetch, storeSnapshots, toSnapshotView } from "./source-snapshots.ts";

const sameUrl = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

/**
 * Re-checks each source of these articles through the fetcher, with a conditional GET against its newest
 * snapshot (a source never fetched gets its first snapshot now). The newest snapshot records the verdict:
 * "ok", "moved" (it now ends at another address) or "dead" (refused, unreachable or an error status).
 * A source whose extracted text changed gets a new snapshot (a 304, or the same text again, does not), and
 * the article is verified again against it (source-recheck.ts): claims that no longer hold are recorded.
 */
export async function checkArticleSources(db: DbClient, store: ReportStore, articleIds: string[], now = new Date()) {
  const counts = { checked: 0, dead: 0, moved: 0, changed: 0, flagged: 0 };
  const fetcher = officialSourceFetcher();
  for (const id of articleIds) {
    const sources = await articleSourcesById(db, id);
    const urls = (Array.isArray(sources) ? (sources as { url?: unknown }[]) : [])
      .map((s) => s?.url)
      .filter((u): u is string => typeof u === "string");
    const known = new Map((await articleSnapshots(db, id)).map((s) => [s.url, s]));
    const missing = urls.filter((u) => !known.has(u));
    if (missing.length) for (const s of await fetchAndSnapshot(db, missing, { articleId: id })) known.set(s.url, s);
    const changed: ChangedCopy[] = [];
    for (const url of urls) {
      let snap = known.get(url);
      if (!snap) continue;
      const outcome = missing.includes(url)
        ? null
        : await fetcher.fetch(url, snap.ok ? previousFetch(snap) : undefined);
      // A page that now ends elsewhere is "moved" (Fuentes caídas), not a new copy of the same page.
      const sameText = !outcome?.ok || outcome.notModified || outcome.contentHash === snap.contentHash;
      if (outcome?.ok && !sameText && sameUrl(outcome.finalUrl, snap.finalUrl)) {
        const [row] = await storeSnapshots(db, [outcome], { articleId: id });
        if (row) {
          const fresh = toSnapshotView(row);
          if (snap.ok) changed.push({ url, old: snap, fresh });
          snap = fresh;
        }
      }
      const ok = outcome ? outcome.ok : snap.ok;
      const finalUrl = outcome ? outcome.finalUrl : snap.finalUrl;
      const state = !ok ? "dead" : finalUrl && !sameUrl(finalUrl, snap.finalUrl) ? "moved" : "ok";
      const detail =
        outcome && !outcome.ok
          ? `${outcome.reason}${outcome.status ? ` ${outcome.status}` : ""}`
          : !ok
            ? `${snap.reason ?? "network"}${snap.status ? ` ${snap.status}` : ""}`
            : null;
      await db.sourceSnapshot.update({
        where: { id: snap.id },
        data: {
          checked_at: now,
          check_state: state,
          check_detail: detail,
          check_final_url: finalUrl ?? null,
          // A copy an older extractor read gets the current one's facts while the check has it at hand.
          ...(snap.ok && snap.factsVersion !== FACTS_VERSION ? factsColumns(snap.text) : {}),
        },
      });
      counts.checked++;
      if (state === "dead") counts.dead++;
      if (state === "moved") counts.moved++;
    }
    counts.changed += changed.length;
    if (changed.length && (await recheckChangedArticle(db, store, id, changed, now)) > 0) counts.flagged++;
  }
  return counts;
}

/** "Fuentes caídas": the published articles' sources the last check found dead or moved. */
export async function listDeadSources(db: DbClient) {
  const rows = await db.sourceSnapshot.findMany({
    where: { check_state: { in: ["dead", "moved"] }, article: { status: "published" } },
    include: { article: { select: { slug: true, title_es: true } } },
    orderBy: { checked_at: "desc" },
    take: 500,
  });
  // Only the newest snapshot of a URL speaks for it (a re-verification may have fetched it again since).
  const seen = new Set<string>();
  return rows
    .filter((r) => {
      const key = `${r.article_id} ${r.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((r) => ({
      slug: r.article?.slug ?? "",
      title: r.article?.title_es ?? "",
      url: r.url,
      state: r.check_state ?? "dead",
      detail: r.check_detail,
      final_url: r.check_final_url,
      checked_at: r.checked_at,
    }));
}
