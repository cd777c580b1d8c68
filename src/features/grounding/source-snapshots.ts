import type { Prisma, SourceSnapshot } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { FetchOutcome } from "~/platform/providers/source-fetcher/index.ts";
import { extractFacts } from "./facts/extract.ts";
import { storedFacts } from "./facts/stored.ts";
import { FACTS_VERSION, type SourceFacts } from "./facts/types.ts";
import { isOfficialSource } from "./source-policy.ts";

/** A stored source as the desk and the verifier read it. */
export interface SnapshotView {
  id: string;
  url: string;
  finalUrl: string;
  ok: boolean;
  status: number | null;
  reason: string | null;
  detail: string;
  fetchedAt: Date;
  title: string;
  text: string;
  contentHash: string | null;
  etag: string | null;
  lastModified: string | null;
  allowListed: boolean;
  /** Only the first part of a document over the size cap was read. */
  truncated: boolean;
  checkState: string | null;
  checkedAt: Date | null;
  /** The facts stored with the copy when the current extractor read them, else null: read them with factsOf. */
  facts: SourceFacts | null;
  factsVersion: number | null;
}

export function toSnapshotView(row: SourceSnapshot): SnapshotView {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.final_url,
    ok: row.ok,
    status: row.http_status,
    reason: row.failure_reason,
    detail: row.failure_detail ?? "",
    fetchedAt: row.fetched_at,
    title: row.title,
    text: row.text,
    contentHash: row.content_hash,
    etag: row.etag,
    lastModified: row.last_modified,
    allowListed: isOfficialSource(row.url) && isOfficialSource(row.final_url),
    truncated: row.truncated,
    checkState: row.check_state,
    checkedAt: row.checked_at,
    facts: storedFacts(row.facts, row.facts_version),
    factsVersion: row.facts_version,
  };
}

/** A fetched copy's facts, read once as it is stored (every new copy comes through here: runs, re-checks). */
export function factsColumns(text: string) {
  return { facts: extractFacts(text) as unknown as Prisma.InputJsonValue, facts_version: FACTS_VERSION };
}

/** One snapshot per outcome (refusals included: the desk shows them as unreachable). */
export async function storeSnapshots(
  db: DbClient,
  outcomes: FetchOutcome[],
  link: { runId?: string | null; articleId?: string | null },
): Promise<SourceSnapshot[]> {
  const rows: SourceSnapshot[] = [];
  for (const o of outcomes) {
    const base = { run_id: link.runId ?? null, article_id: link.articleId ?? null, url: o.url };
    rows.push(
      await db.sourceSnapshot.create({
        data: o.ok
          ? {
              ...base,
              final_url: o.finalUrl,
              ok: true,
              http_status: o.status,
              fetched_at: new Date(o.fetchedAt),
              content_hash: o.contentHash,
              title: o.title,
              text: o.text,
              kind: o.kind,
              etag: o.etag,
              last_modified: o.lastModified,
              truncated: o.truncated,
              ...factsColumns(o.text),
            }
          : {
              ...base,
              final_url: o.finalUrl ?? o.url,
              ok: false,
              http_status: o.status ?? null,
              failure_reason: o.reason,
              failure_detail: o.detail.slice(0, 500),
              fetched_at: new Date(),
              title: "",
              text: "",
            },
      }),
    );
  }
  return rows;
}

/** The snapshots a run fetched, in the order the draft numbers them. */
export async function runSnapshots(db: DbClient, runId: string): Promise<SnapshotView[]> {
  const rows = await db.sourceSnapshot.findMany({ where: { run_id: runId }, orderBy: { created_at: "asc" } });
  return rows.map(toSnapshotView);
}

/** The run's snapshots become the article's (the save step). */
export async function attachRunSnapshots(db: DbClient, runId: string, articleId: string) {
  await db.sourceSnapshot.updateMany({ where: { run_id: runId }, data: { article_id: articleId } });
}

/** The newest snapshot of each URL an article has (re-verification adds newer ones; older ones stay). */
export async function articleSnapshots(db: DbClient, articleId: string): Promise<SnapshotView[]> {
  const rows = await db.sourceSnapshot.findMany({
    where: { article_id: articleId },
    orderBy: [{ fetched_at: "desc" }, { created_at: "desc" }],
  });
  const newest = new Map<string, SourceSnapshot>();
  for (const row of rows) if (!newest.has(row.url)) newest.set(row.url, row);
  return [...newest.values()].map(toSnapshotView);
}

/** What a conditional GET needs of the last snapshot (a 304 keeps its text). */
export const previousFetch = (s: SnapshotView) => ({
  etag: s.etag,
  lastModified: s.lastModified,
  text: s.text,
  title: s.title,
  contentHash: s.contentHash ?? undefined,
  truncated: s.truncated,
});
