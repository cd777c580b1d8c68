import type { DbClient } from "~/platform/db/client.ts";
import {
  createSourceFetcher,
  type FetchOutcome,
  type PreviousFetch,
  type SourceFetcher,
  sourceFetcherSettings,
} from "~/platform/providers/source-fetcher/index.ts";
import { isOfficialSource } from "./source-policy.ts";
import { type SnapshotView, storeSnapshots, toSnapshotView } from "./source-snapshots.ts";

let shared: SourceFetcher | null = null;

/**
 * The one fetcher of official sources: the allow-list decides which hosts it may reach; the fetcher itself
 * re-checks addresses, redirects, size, time and robots.txt (src/platform/providers/source-fetcher).
 * One instance, so its per-host queue holds across runs of this process.
 */
export function officialSourceFetcher(): SourceFetcher {
  shared ??= createSourceFetcher({
    isAllowedHost: (host) => isOfficialSource(`https://${host}/`),
    ...sourceFetcherSettings(),
  });
  return shared;
}

/**
 * Fetches each URL once (in order, without repeats) and stores a snapshot of each outcome, linked to the run
 * and/or the article. Returns the snapshots in the same order, refusals included.
 */
export async function fetchAndSnapshot(
  db: DbClient,
  urls: string[],
  link: { runId?: string | null; articleId?: string | null },
  previous: Map<string, PreviousFetch> = new Map(),
): Promise<SnapshotView[]> {
  const fetcher = officialSourceFetcher();
  const outcomes: FetchOutcome[] = [];
  for (const url of [...new Set(urls)]) {
    const before = previous.get(url);
    outcomes.push(await fetcher.fetch(url, before ?? undefined));
  }
  const rows = await storeSnapshots(db, outcomes, link);
  return rows.map(toSnapshotView);
}

/** An agent run's fetch step: a replayed step starts over, so the run never holds two snapshots of a page. */
export async function fetchRunSources(db: DbClient, runId: string, urls: string[]): Promise<SnapshotView[]> {
  await db.sourceSnapshot.deleteMany({ where: { run_id: runId, article_id: null } });
  return fetchAndSnapshot(db, urls, { runId });
}

/**
 * URLs a run's draft lists that the run did not gather (the model's own): fetched too, after the run's own
 * sources, so each is read or refused with its reason like the rest. A replayed step refetches them alone.
 */
export async function fetchMoreRunSources(db: DbClient, runId: string, urls: string[]): Promise<SnapshotView[]> {
  if (!urls.length) return [];
  await db.sourceSnapshot.deleteMany({ where: { run_id: runId, article_id: null, url: { in: urls } } });
  return fetchAndSnapshot(db, urls, { runId });
}
