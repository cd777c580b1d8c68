import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, migrate, readMigrations } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";

describe("migration runner", () => {
  it("applies every migration once, with Prisma's bookkeeping, even when run concurrently", async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "mig");
    const results = await Promise.all([migrate(url), migrate(url)]);
    const expected = readMigrations().map((m) => m.name);
    expect(results.flat().sort()).toEqual(expected.sort());
    expect(await migrate(url)).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    await client.end();
    expect(rows.map((r) => r.migration_name)).toEqual(expected);
    for (const row of rows) {
      // Prisma's checksum: sha256 hex of migration.sql.
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("rolls back a failing migration and records nothing", async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "migfail");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bad-migrations-"));
    fs.mkdirSync(path.join(dir, "20990101000000_bad"));
    fs.writeFileSync(
      path.join(dir, "20990101000000_bad", "migration.sql"),
      'CREATE TABLE "t" (id int);\nSELECT no_such_function();\n',
    );
    await expect(migrate(url, { dir })).rejects.toThrow(/20990101000000_bad failed/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const t = await client.query(`SELECT to_regclass('public.t') AS t`);
    const m = await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    await client.end();
    expect(t.rows[0].t).toBeNull();
    expect(m.rows[0].n).toBe(0);
  });
});
