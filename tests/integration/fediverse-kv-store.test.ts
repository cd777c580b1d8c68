import { randomUUID } from "node:crypto";
import { Temporal } from "@js-temporal/polyfill";
import { describe, expect, it } from "vitest";
import { PostgresKvStore, sweepExpired } from "~/features/fediverse/kv-store.ts";
import { db } from "~/platform/db/db.ts";

/**
 * Fedify's KvStore on the site's PostgreSQL: values as Fedify stores them (objects, numbers), expiry, prefix
 * listing (keys holding LIKE's wildcards), and compare-and-swap under concurrent writers.
 */
const store = () => new PostgresKvStore(db);
const ns = () => `t_${randomUUID().slice(0, 8)}`;

async function listed(kv: PostgresKvStore, prefix?: readonly [string, ...string[]]) {
  const out: { key: readonly string[]; value: unknown }[] = [];
  for await (const entry of kv.list(prefix)) out.push(entry);
  return out;
}

describe("PostgresKvStore", () => {
  it("gets what it set, across instances, and deletes it", async () => {
    const k = [ns(), "remote", "https://a.example/users/x"] as const;
    await store().set(k, { id: "https://a.example/users/x", n: 1, nested: [true, null] });
    expect(await store().get(k)).toEqual({ id: "https://a.example/users/x", n: 1, nested: [true, null] });
    await store().set(k, 42);
    expect(await store().get(k)).toBe(42);
    await store().delete(k);
    expect(await store().get(k)).toBeUndefined();
  });

  it("an entry past its ttl reads as absent and is not listed", async () => {
    const p = ns();
    await store().set([p, "short"], "gone", { ttl: Temporal.Duration.from({ seconds: 3 }) });
    await store().set([p, "long"], "kept", { ttl: Temporal.Duration.from({ hours: 1 }) });
    expect(await store().get([p, "short"])).toBe("gone");
    await new Promise((r) => setTimeout(r, 3200));
    expect(await store().get([p, "short"])).toBeUndefined();
    expect((await listed(store(), [p])).map((e) => e.key)).toEqual([[p, "long"]]);
    // The daily sweep deletes the expired row and keeps the live one.
    expect(await sweepExpired(db)).toBeGreaterThanOrEqual(1);
    expect(await db.fediverseKv.count({ where: { key: JSON.stringify([p, "short"]) } })).toBe(0);
    expect(await db.fediverseKv.count({ where: { key: JSON.stringify([p, "long"]) } })).toBe(1);
  });

  it("lists the entries under a prefix only: the prefix itself and longer keys, not siblings sharing its text", async () => {
    const p = ns();
    await store().set([p, "a_%"], 1);
    await store().set([p, "a_%", "x"], 2);
    await store().set([p, "ab%"], 3); // LIKE 'a_%' would match this one
    await store().set([p, "a_%x"], 4); // same text start, another key
    const keys = (await listed(store(), [p, "a_%"])).map((e) => e.key.join("/")).sort();
    expect(keys).toEqual([`${p}/a_%`, `${p}/a_%/x`]);
    expect(await listed(store(), [p])).toHaveLength(4);
  });

  it("compare-and-swap sets only over the expected value, and one of two racing creators wins", async () => {
    const k = [ns(), "cas"] as const;
    expect(await store().cas(k, "x", "y")).toBe(false);
    expect(await store().get(k)).toBeUndefined();
    expect(await store().cas(k, undefined, { v: 1 })).toBe(true);
    expect(await store().cas(k, { v: 2 }, { v: 3 })).toBe(false);
    expect(await store().cas(k, { v: 1 }, { v: 3 })).toBe(true);
    expect(await store().get(k)).toEqual({ v: 3 });

    const race = [ns(), "race"] as const;
    const results = await Promise.all([1, 2, 3, 4].map((n) => store().cas(race, undefined, n)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store().get(race)).toBe(results.indexOf(true) + 1);
  });
});
