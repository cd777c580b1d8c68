/** A seeded PRNG (mulberry32): the same seed yields the same corpus on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** Index drawn from a Zipf-like distribution over n items (item 0 most frequent). */
export function zipfSampler(n: number, s = 1): (rng: Rng) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) {
    total += 1 / k ** s;
    cumulative.push(total);
  }
  return (rng) => {
    const x = rng() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function weighted<T extends string>(rng: Rng, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let x = rng() * entries.reduce((a, [, w]) => a + w, 0);
  for (const [value, w] of entries) {
    x -= w;
    if (x <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}
