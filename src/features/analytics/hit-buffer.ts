import type { DbClient } from "~/platform/db/client.ts";
import { log } from "~/platform/log/logger.ts";
import type { HitRow } from "./hit-fields.ts";

/** Hits held at most in memory: past this the endpoint sheds (answers 503) rather than grow or slow down. */
export const BUFFER_LIMIT = 20_000;
/** A flush starts once this many hits wait, or every FLUSH_EVERY_MS, whichever comes first. */
const FLUSH_AT = 500;
const FLUSH_EVERY_MS = 1000;
/** Rows per INSERT statement. */
const CHUNK = 2000;

const pending: HitRow[] = [];
let flushing: Promise<void> | null = null;
let timer: NodeJS.Timeout | null = null;
let target: DbClient | null = null;

/** Writes rows with one multi-row INSERT (arrays unnested by PostgreSQL). */
export async function insertHits(db: DbClient, rows: readonly HitRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await db.$executeRaw`INSERT INTO analytics_hits
        (at, visitor, path, kind, slug, lang, referrer, utm_source, utm_campaign, device)
      SELECT h.at, decode(h.visitor, 'hex'), h.path, h.kind, h.slug, h.lang, h.referrer, h.utm_source,
        h.utm_campaign, h.device
      FROM unnest(
        ${part.map((r) => r.at)}::timestamptz[],
        ${part.map((r) => Buffer.from(r.visitor).toString("hex"))}::text[],
        ${part.map((r) => r.path)}::text[],
        ${part.map((r) => r.kind)}::text[],
        ${part.map((r) => r.slug)}::text[],
        ${part.map((r) => r.lang)}::text[],
        ${part.map((r) => r.referrer)}::text[],
        ${part.map((r) => r.utm_source)}::text[],
        ${part.map((r) => r.utm_campaign)}::text[],
        ${part.map((r) => r.device)}::text[]
      ) AS h(at, visitor, path, kind, slug, lang, referrer, utm_source, utm_campaign, device)`;
  }
}

/**
 * Takes a hit for the next batch; false when the buffer is full (the caller sheds the hit). A failed write
 * puts its rows back while there is room, so a short database hiccup loses nothing that was accepted.
 */
export function bufferHit(db: DbClient, row: HitRow): boolean {
  if (pending.length >= BUFFER_LIMIT) return false;
  target = db;
  pending.push(row);
  if (pending.length >= FLUSH_AT) void flushHits();
  else if (!timer) {
    timer = setTimeout(() => {
      timer = null;
      void flushHits();
    }, FLUSH_EVERY_MS);
    timer.unref?.();
  }
  return true;
}

/** Writes every buffered hit now (the timer's and the tests' entry); resolves once they are stored or put back. */
export async function flushHits(): Promise<void> {
  while (flushing) await flushing;
  if (!target || pending.length === 0) return;
  const db = target;
  const batch = pending.splice(0, pending.length);
  flushing = insertHits(db, batch)
    .catch((err: unknown) => {
      log.child({ scope: "analytics" }).error({ err }, "storing hits failed; keeping them for the next flush");
      pending.unshift(...batch.slice(0, Math.max(0, BUFFER_LIMIT - pending.length)));
    })
    .finally(() => {
      flushing = null;
    });
  await flushing;
}

/** Hits waiting in memory (the bench and the tests read it). */
export function bufferedHits(): number {
  return pending.length;
}
