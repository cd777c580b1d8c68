import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/** Fedify's key array as text: JSON, so that the keys under a prefix are the texts starting with it. */
const keyText = (key: KvKey): string => JSON.stringify(key);
/** The texts of the keys strictly under a prefix: `["a","b"` followed by `,`. */
const prefixText = (prefix: KvKey): string => `${keyText(prefix).slice(0, -1)},`;

function expiry(options?: KvStoreSetOptions): Date | null {
  if (!options?.ttl) return null;
  return new Date(Date.now() + options.ttl.total({ unit: "millisecond" }));
}

/**
 * Fedify's note of which HTTP Signatures spec each server accepts: read before and written after every
 * delivery, the same value each time. Kept in memory for a while, so a fan-out to one server's many inboxes
 * does not read and rewrite (and lock) one row per POST; a stale note costs one double-knock at most.
 */
const SPEC_PREFIX = keyText(["_fedify", "httpMessageSignaturesSpec"]).slice(0, -1);
const SPEC_MEMO_MS = 10 * 60_000;
const isSpecKey = (text: string) => text.startsWith(`${SPEC_PREFIX},`);

const live = () => ({ OR: [{ expires_at: null }, { expires_at: { gt: new Date() } }] });

/**
 * Fedify's KvStore on the site's PostgreSQL (table fediverse_kv): what it caches (remote actors, keys,
 * documents) and the inbox's idempotence marks survive restarts and are shared by every instance. An expired
 * entry reads as absent and is deleted by the next write of its key or by `sweepExpired`.
 */
export class PostgresKvStore implements KvStore {
  private readonly specMemo = new Map<string, { value: unknown; at: number }>();

  constructor(private readonly db: DbClient) {}

  private memoised(text: string): { value: unknown } | undefined {
    const m = this.specMemo.get(text);
    return m && Date.now() - m.at < SPEC_MEMO_MS ? m : undefined;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const text = keyText(key);
    const memo = isSpecKey(text) ? this.memoised(text) : undefined;
    if (memo) return memo.value as T;
    const row = await this.db.fediverseKv.findFirst({ where: { key: text, ...live() } });
    if (row && isSpecKey(text)) this.specMemo.set(text, { value: row.value, at: Date.now() });
    return row ? (row.value as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const text = keyText(key);
    if (isSpecKey(text) && !options?.ttl) {
      if (this.memoised(text)?.value === value) return;
      this.specMemo.set(text, { value, at: Date.now() });
    }
    const data = { value: value as Prisma.InputJsonValue, expires_at: expiry(options) };
    await this.db.fediverseKv.upsert({
      where: { key: keyText(key) },
      create: { key: keyText(key), ...data },
      update: data,
    });
  }

  async delete(key: KvKey): Promise<void> {
    this.specMemo.delete(keyText(key));
    await this.db.fediverseKv.deleteMany({ where: { key: keyText(key) } });
  }

  /**
   * Sets `newValue` only if the entry holds `expectedValue` (undefined: absent or expired), atomically: the
   * row is locked, or its insertion races on the primary key and the loser answers false.
   */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const text = keyText(key);
    try {
      return await this.db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ value: unknown; expires_at: Date | null }[]>`
          SELECT value, expires_at FROM fediverse_kv WHERE key = ${text} FOR UPDATE`;
        const row = rows[0];
        const current = row && (!row.expires_at || row.expires_at > new Date()) ? row.value : undefined;
        if (JSON.stringify(current) !== JSON.stringify(expectedValue)) return false;
        const data = { value: newValue as Prisma.InputJsonValue, expires_at: expiry(options) };
        if (row) await tx.fediverseKv.update({ where: { key: text }, data });
        else await tx.fediverseKv.create({ data: { key: text, ...data } });
        return true;
      });
    } catch (err) {
      if ((err as { code?: string }).code === "P2002") return false; // another writer created it first
      throw err;
    }
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // Compared as text, not with LIKE: keys hold "_" and "%", which LIKE would read as wildcards.
    const exact = prefix ? keyText(prefix) : null;
    const under = prefix ? prefixText(prefix) : "";
    const rows = await this.db.$queryRaw<{ key: string; value: unknown }[]>`
      SELECT key, value FROM fediverse_kv
       WHERE (key = ${exact} OR left(key, char_length(${under})) = ${under})
         AND (expires_at IS NULL OR expires_at > now())
       ORDER BY key`;
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
  }
}

/** Deletes the entries past their expiry (run from the fediverse's maintenance). */
export async function sweepExpired(db: DbClient): Promise<number> {
  const { count } = await db.fediverseKv.deleteMany({ where: { expires_at: { lte: new Date() } } });
  return count;
}
