import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { schemaDrift } from "../support/schema-drift.ts";

// Columns the DMMF cannot describe (Unsupported(...) in schema.prisma). Keep in sync with the schema.
const UNSUPPORTED_COLUMNS: string[] = [
  "articles",
  "interviews",
  "referents",
  "companies",
  "applications",
  "resources",
].flatMap((table) => [`${table}.search_es`, `${table}.search_en`]);

describe("schema drift", () => {
  it("the migrated database matches schema.prisma", async () => {
    const diffs = await schemaDrift(process.env.DATABASE_URL!, { ignoreColumns: UNSUPPORTED_COLUMNS });
    expect(diffs).toEqual([]);
  });

  it("detects a migration that forgets a column", async () => {
    // Copy the migrations, drop one column from the copy, migrate a fresh database with it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const init = fs.readdirSync(dir).filter((d) => d.endsWith("_init"))[0]!;
    const file = path.join(dir, init, "migration.sql");
    const sql = fs.readFileSync(file, "utf8");
    expect(sql).toContain('"sponsor_label" TEXT,');
    fs.writeFileSync(file, sql.replace('    "sponsor_label" TEXT,\n', ""));
    const url = await freshDatabase(inject("adminDatabaseUrl"), "drift");
    await migrate(url, { dir });
    const diffs = await schemaDrift(url, { ignoreColumns: UNSUPPORTED_COLUMNS });
    expect(diffs).toContain("column articles.sponsor_label is missing");
  });
});
