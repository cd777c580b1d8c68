/**
 * Splitting the suite across machines (`npm test -- --shard=i/n`, one machine per shard) by cost rather than by
 * count. Vitest's own split takes an equal number of files per shard in the order of their paths' hashes, so one
 * shard could get most of the files that start servers of their own and finish long after the others.
 */
export interface ShardItem {
  key: string;
  /** Seconds the item adds to its shard's wall time. */
  cost: number;
}

/**
 * The items of each of `count` shards: the costliest first, each to the shard with the least so far (ties to the
 * lower shard), so no shard exceeds another by more than its largest item. The split depends only on the items,
 * so every machine computes the same one.
 */
export function balanceShards<T extends ShardItem>(items: readonly T[], count: number): T[][] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`shard count must be a whole number ≥ 1: ${count}`);
  const shards = Array.from({ length: count }, () => ({ load: 0, items: [] as T[] }));
  const ordered = [...items].sort((a, b) => b.cost - a.cost || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const item of ordered) {
    let least = shards[0]!;
    for (const shard of shards) if (shard.load < least.load) least = shard;
    least.load += item.cost;
    least.items.push(item);
  }
  return shards.map((s) => s.items);
}

/** Seconds a file with no measured figure is taken to last, by its tier (project): their means in a full run. */
const USUAL_SECONDS: Record<string, number> = { unit: 0.3, process: 2, integration: 1 };
const E2E_SECONDS = 8;

/** A file's usual seconds, or its tier's usual length when it has no measured figure. */
export const usualSeconds = (seconds: number | undefined, project: string) =>
  seconds ?? USUAL_SECONDS[project] ?? E2E_SECONDS;

/** What a file adds to its shard's wall time: its usual seconds divided by how many files its tier runs at once. */
export function fileCost(seconds: number | undefined, project: string, filesAtOnce: number) {
  return usualSeconds(seconds, project) / Math.max(1, filesAtOnce);
}
