import type { DbClient } from "~/platform/db/client.ts";
import { isOfficialSource } from "./source-policy.ts";

/** A source as an article lists it, with its number there (the body's `[n]` markers point at it). */
export interface ReaderSource {
  n: number;
  name: string;
  url: string;
}

/**
 * Whether a stored copy is a reading of its source: fetched, on the allow-list at both ends of any redirect,
 * and answered 2xx (or 304, which keeps the stored text). The verifier holds sources to the same rule.
 */
export function wasRead(s: { ok: boolean; status: number | null; allowListed: boolean }): boolean {
  return s.ok && s.allowListed && s.status !== null && ((s.status >= 200 && s.status < 300) || s.status === 304);
}

/** The article's sources as stored (JSON): the entries with a URL, numbered by their place in the list. */
export function listedSources(raw: unknown): ReaderSource[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s: unknown, i) => {
    const { name, url } = (s ?? {}) as { name?: unknown; url?: unknown };
    if (typeof url !== "string" || !url) return [];
    return [{ n: i + 1, name: typeof name === "string" && name ? name : url, url }];
  });
}

const ID_BATCH = 5000;

/**
 * The sources readers may see of each article: those it lists, minus any whose newest copy was not a reading
 * (a refusal, an error status, a host off the list). A source never fetched (an editor's own article) is
 * listed: nothing says it cannot be read. One query per batch of articles, without the copies' text.
 */
export async function readerSourcesOf(
  db: DbClient,
  articles: { id: string; sources: unknown }[],
): Promise<Map<string, ReaderSource[]>> {
  const newest = new Map<string, boolean>();
  // In batches: the published list hands in every published article, more ids than one statement may bind.
  for (let i = 0; i < articles.length; i += ID_BATCH) {
    const rows = await db.sourceSnapshot.findMany({
      where: { article_id: { in: articles.slice(i, i + ID_BATCH).map((a) => a.id) } },
      select: { article_id: true, url: true, final_url: true, ok: true, http_status: true },
      orderBy: [{ fetched_at: "desc" }, { created_at: "desc" }],
    });
    for (const row of rows) {
      const key = `${row.article_id} ${row.url}`;
      if (newest.has(key)) continue;
      const allowListed = isOfficialSource(row.url) && isOfficialSource(row.final_url);
      newest.set(key, wasRead({ ok: row.ok, status: row.http_status, allowListed }));
    }
  }
  return new Map(
    articles.map((a) => [a.id, listedSources(a.sources).filter((s) => newest.get(`${a.id} ${s.url}`) ?? true)]),
  );
}

/** One article's sources as readers may see them (readerSourcesOf). */
export async function readerSources(db: DbClient, article: { id: string; sources: unknown }) {
  return (await readerSourcesOf(db, [article])).get(article.id) ?? [];
}
