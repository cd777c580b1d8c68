import { describe, expect, it } from "vitest";
import { balanceShards, fileCost } from "../setup/shards.ts";

const item = (key: string, cost: number) => ({ key, cost });
const keys = (shards: { key: string }[][]) => shards.map((s) => s.map((i) => i.key).sort());
const load = (shard: { cost: number }[]) => shard.reduce((sum, i) => sum + i.cost, 0);

/** A fixed pseudo-random list: a suite's shape, a few long files among many short ones. */
function suite(n: number) {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) =>
    item(`f${String(i).padStart(3, "0")}`, next() < 0.1 ? 20 + next() * 120 : next() * 4),
  );
}

describe("splitting the suite across machines", () => {
  it("puts every file in exactly one shard", () => {
    const items = suite(250);
    for (const count of [1, 2, 3, 5]) {
      const all = balanceShards(items, count)
        .flat()
        .map((i) => i.key);
      expect(all).toHaveLength(items.length);
      expect(new Set(all)).toEqual(new Set(items.map((i) => i.key)));
    }
  });

  it("no shard exceeds another by more than the largest file", () => {
    const items = suite(250);
    const largest = Math.max(...items.map((i) => i.cost));
    for (const count of [2, 3, 4]) {
      const loads = balanceShards(items, count).map(load);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(largest);
    }
  });

  it("spreads the long files, which an even count of files per shard can put together", () => {
    const items = [
      ...["a", "b", "c", "d"].map((k) => item(`long-${k}`, 100)),
      ...Array.from({ length: 40 }, (_, i) => item(`short-${i}`, 1)),
    ];
    const shards = balanceShards(items, 2);
    expect(shards.map((s) => s.filter((i) => i.key.startsWith("long-")).length)).toEqual([2, 2]);
    expect(shards.map(load)).toEqual([220, 220]);
  });

  it("is the same split on every machine, whatever order the files were found in", () => {
    const items = suite(120);
    const reversed = [...items].reverse();
    const rotated = [...items.slice(50), ...items.slice(0, 50)];
    expect(keys(balanceShards(reversed, 3))).toEqual(keys(balanceShards(items, 3)));
    expect(keys(balanceShards(rotated, 3))).toEqual(keys(balanceShards(items, 3)));
  });

  it("refuses a shard count that is not a whole number of at least one", () => {
    expect(() => balanceShards([item("a", 1)], 0)).toThrow(/shard count/);
    expect(() => balanceShards([item("a", 1)], 1.5)).toThrow(/shard count/);
  });

  it("weighs a file by its seconds over the files its tier runs at once; unmeasured files by their tier", () => {
    expect(fileCost(84, "resilience", 2)).toBe(42);
    expect(fileCost(30, "seeded-site", 1)).toBe(30);
    expect(fileCost(undefined, "integration", 3)).toBeCloseTo(1 / 3);
    expect(fileCost(undefined, "contract", 2)).toBe(4);
    expect(fileCost(undefined, "unit", 3)).toBeCloseTo(0.3 / 3);
  });
});
