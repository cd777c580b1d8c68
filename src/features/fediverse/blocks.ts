import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";

export type BlockKind = "domain" | "actor";

export interface BlockEntry {
  id: string;
  kind: BlockKind;
  value: string;
  createdAt: Date;
}

const hostOf = (uri: string): string | null => {
  try {
    return new URL(uri).host.toLowerCase();
  } catch {
    return null;
  }
};

/** A blocked domain covers its subdomains too (as Mastodon's domain blocks do): `example.org` blocks `m.example.org`. */
const underDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The block list, newest first. */
export async function listBlocks(db: DbClient): Promise<BlockEntry[]> {
  const rows = await db.fediverseBlock.findMany({ orderBy: [{ created_at: "desc" }, { id: "asc" }] });
  return rows.map((r) => ({ id: r.id, kind: r.kind as BlockKind, value: r.value, createdAt: r.created_at }));
}

/** A matcher over the block list, read once: the inbox gate and the fan-out ask it for many URIs. */
export async function blockMatcher(db: DbClient): Promise<(uri: string) => boolean> {
  const blocks = await listBlocks(db);
  const domains = blocks.filter((b) => b.kind === "domain").map((b) => b.value);
  const actors = new Set(blocks.filter((b) => b.kind === "actor").map((b) => b.value));
  return (uri) => {
    if (actors.has(uri)) return true;
    const host = hostOf(uri);
    return host !== null && domains.some((d) => underDomain(host, d));
  };
}

/** Whether any of these URIs (an activity's actor, its signing key) is blocked. */
export async function isBlocked(db: DbClient, uris: readonly string[]): Promise<boolean> {
  if (uris.length === 0) return false;
  const blocked = await blockMatcher(db);
  return uris.some(blocked);
}

/** The value as stored: a domain as its lower-case host (a pasted URL is reduced to it), an actor as its URI. */
function normalise(kind: BlockKind, value: string): string {
  const v = value.trim();
  if (kind === "actor") {
    const host = hostOf(v);
    if (!host || !/^https?:$/.test(new URL(v).protocol)) {
      throw new AppError("BAD_REQUEST", "value: an actor is blocked by its URI (https://…)", {
        field: "value",
        params: { field: "value" },
      });
    }
    return new URL(v).href;
  }
  const host = (/^https?:\/\//i.test(v) ? hostOf(v) : v.toLowerCase()) ?? "";
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(host)) {
    throw new AppError("BAD_REQUEST", "value: not a domain name", { field: "value", params: { field: "value" } });
  }
  return host;
}

/**
 * Blocks an instance or an actor, and removes the followers it covers (of both actors): nothing is delivered
 * to them any more, and their activities are refused at the inbox. Blocking twice is the same block.
 */
export async function addBlock(db: DbClient, kind: BlockKind, value: string): Promise<{ id: string; removed: number }> {
  const stored = normalise(kind, value);
  const block = await db.fediverseBlock.upsert({
    where: { kind_value: { kind, value: stored } },
    create: { kind, value: stored },
    update: {},
  });
  const blocked = await blockMatcher(db);
  const followers = await db.fediverseFollower.findMany({ select: { id: true, follower_uri: true } });
  const ids = followers.filter((f) => blocked(f.follower_uri)).map((f) => f.id);
  const { count } = ids.length ? await db.fediverseFollower.deleteMany({ where: { id: { in: ids } } }) : { count: 0 };
  return { id: block.id, removed: count };
}

/** Lifts a block (its former followers must follow again). Unknown ids are a 404. */
export async function removeBlock(db: DbClient, id: string): Promise<void> {
  const { count } = await db.fediverseBlock.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("NOT_FOUND", "block not found", { field: "id" });
}
