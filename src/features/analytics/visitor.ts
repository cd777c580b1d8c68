import { createHash, randomBytes } from "node:crypto";
import type { DbClient } from "~/platform/db/client.ts";
import { clientIp } from "~/platform/security/rate-limit.ts";

/** The UTC day a moment falls on, as midnight UTC (the salt's and the daily rollups' key). */
export function utcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * The day's visitor id: a keyed hash of the address and the user agent, 16 bytes. Without the day's salt
 * (random, kept only in the database, deleted the next day) it cannot be recomputed or joined across days,
 * and neither input is stored anywhere.
 */
export function visitorHash(salt: Uint8Array, address: string, userAgent: string): Uint8Array<ArrayBuffer> {
  const digest = createHash("sha256").update(salt).update(address).update("\n").update(userAgent).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

let cachedSalt: { day: number; salt: Promise<Uint8Array> } | null = null;

/**
 * Today's salt: created by whichever server instance needs it first (the others read the same row), and
 * every older one deleted on the way, so no two days' ids can be joined even before the daily job runs.
 */
export function dailySalt(db: DbClient, now = new Date()): Promise<Uint8Array> {
  const day = utcDay(now);
  // One read per day and process: the requests that arrive meanwhile wait for the same promise.
  if (cachedSalt?.day === day.getTime()) return cachedSalt.salt;
  const salt = readSalt(db, day);
  cachedSalt = { day: day.getTime(), salt };
  salt.catch(() => {
    if (cachedSalt?.salt === salt) cachedSalt = null;
  });
  return salt;
}

async function readSalt(db: DbClient, day: Date): Promise<Uint8Array> {
  await db.$executeRaw`INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${new Uint8Array(randomBytes(32))})
    ON CONFLICT (day) DO NOTHING`;
  await db.$executeRaw`DELETE FROM analytics_salts WHERE day < ${day}::date`;
  const rows = await db.$queryRaw<{ salt: Uint8Array }[]>`SELECT salt FROM analytics_salts WHERE day = ${day}::date`;
  const salt = rows[0]?.salt;
  if (!salt) throw new Error("analytics: the day's salt could not be read");
  return salt;
}

/** Forgets the salt held in memory (the rotation job deleted it, or a test moves the clock). */
export function forgetCachedSalt(): void {
  cachedSalt = null;
}

/** The daily visitor id of the request's client (its trusted address and its user agent). */
export async function visitorOf(db: DbClient, headers: Headers, now = new Date()): Promise<Uint8Array<ArrayBuffer>> {
  return visitorHash(await dailySalt(db, now), clientIp(headers), headers.get("user-agent") ?? "");
}
