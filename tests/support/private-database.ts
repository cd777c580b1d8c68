import type pg from "pg";
import { expect, inject, vi } from "vitest";
import { freshDatabase } from "./fresh-database.ts";

/**
 * An empty, migrated database of this test file's own, made the app's DATABASE_URL. For tests that count
 * whole tables or mail every subscriber, which other files writing to the shared database in parallel would
 * disturb. Call it BEFORE importing app modules (src/platform/env/env.js reads DATABASE_URL once, on first import).
 */
export async function createPrivateDatabase(prefix: string): Promise<{ url: string; name: string }> {
  const url = await freshDatabase(inject("adminDatabaseUrl"), prefix, inject("migratedTemplate"));
  vi.stubEnv("DATABASE_URL", url);
  return { url, name: new URL(url).pathname.slice(1) };
}

/** Fails fast if the app's Prisma client is not on `name` (e.g. a client left over from an earlier import). */
export async function expectAppOn(db: { $queryRaw: (q: TemplateStringsArray) => Promise<unknown> }, name: string) {
  const [row] = (await db.$queryRaw`SELECT current_database() AS name`) as { name: string }[];
  expect(row?.name, "the app must use this file's private database").toBe(name);
}

/**
 * Every table of the app (migration bookkeeping and `skip` aside) as "rows:md5 of its content", in one
 * query: equal fingerprints before and after a request mean it inserted, updated and deleted nothing.
 */
export async function tableFingerprints(client: pg.Client, skip: string[] = []): Promise<Record<string, string>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
     ORDER BY table_name`,
  );
  const sql = tables
    .filter((t) => !skip.includes(t.name))
    .map(
      (t) =>
        `SELECT '${t.name}' AS name, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS print FROM "${t.name}" x`,
    )
    .join(" UNION ALL ");
  const { rows } = await client.query<{ name: string; print: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}
