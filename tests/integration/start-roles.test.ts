import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, migrate, pendingMigrations, readMigrations } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { leastPrivilegeUrl } from "../support/least-privilege.ts";

/**
 * Runs one of the launcher's scripts as `npm start` / `npm run db:migrate` would, on its own environment;
 * `stopAt`: the whole process group is stopped once its output matches (a launcher that got that far).
 */
function runScript(script: string, env: Record<string, string>, stopAt?: RegExp) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      detached: true,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-roles-")),
        NEXTAUTH_SECRET: "roles-test-secret-roles-test-secret-roles",
        ...env,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
      if (stopAt?.test(stdout) && child.pid) process.kill(-child.pid, "SIGKILL");
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The launcher's log in production: one JSON object a line, read here as "level message". */
const logLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { level: string; scope?: string; msg: string })
    .map((l) => `${l.level} [${l.scope}] ${l.msg}`);

/** A database migrated up to, not including, the newest migration (which is then pending). */
async function databaseOneMigrationBehind(prefix: string) {
  const all = readMigrations();
  const newest = all.at(-1)!.name;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-migrations-"));
  for (const m of all.slice(0, -1))
    fs.cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(dir, m.name), { recursive: true });
  const ownerUrl = await freshDatabase(inject("adminDatabaseUrl"), prefix);
  await migrate(ownerUrl, { dir });
  return { ownerUrl, newest };
}

describe("database roles at start and migration", () => {
  it("stops `npm start` on a least-privilege role with one line naming the pending migration; the owner migrates", async () => {
    const { ownerUrl, newest } = await databaseOneMigrationBehind("roles");
    const appUrl = await leastPrivilegeUrl(ownerUrl);
    expect(await pendingMigrations(appUrl)).toEqual([newest]);

    const start = await runScript("scripts/start.ts", { DATABASE_URL: appUrl });
    expect(start.code).toBe(1);
    expect(start.stderr).toBe("");
    expect(logLines(start.stdout)).toEqual([
      `fatal [start] database schema out of date: 1 migration is pending (${newest}); run \`npm run db:migrate\` with MIGRATION_DATABASE_URL (the owner's URL) first`,
    ]);

    // The app's role may not migrate, and `db:migrate` says so instead of failing half-way.
    const refused = await runScript("scripts/migrate.ts", { DATABASE_URL: appUrl });
    expect(refused.code).toBe(1);
    expect(logLines(refused.stdout)).toEqual([
      "fatal [migrate] the role of DATABASE_URL may not change the schema: set MIGRATION_DATABASE_URL to the owner's URL",
    ]);
    expect(await pendingMigrations(appUrl)).toEqual([newest]);

    const migrated = await runScript("scripts/migrate.ts", { DATABASE_URL: appUrl, MIGRATION_DATABASE_URL: ownerUrl });
    expect(migrated.code).toBe(0);
    expect(logLines(migrated.stdout)).toContain(`info [db] applied migration ${newest}`);
    expect(await pendingMigrations(appUrl)).toEqual([]);
  });

  it("two instances migrating at once apply each migration once", async () => {
    const ownerUrl = await freshDatabase(inject("adminDatabaseUrl"), "twice");
    const runs = await Promise.all([
      runScript("scripts/migrate.ts", { DATABASE_URL: ownerUrl }),
      runScript("scripts/migrate.ts", { DATABASE_URL: ownerUrl }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const expected = readMigrations().map((m) => m.name);
    const appliedLines = runs.flatMap((r) => r.stdout.match(/applied migration [\w.-]+/g) ?? []);
    expect(appliedLines.sort()).toEqual(expected.map((name) => `applied migration ${name}`).sort());

    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; n: number }>(
      `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY migration_name ORDER BY 1`,
    );
    await client.end();
    expect(rows).toEqual(expected.map((migration_name) => ({ migration_name, n: 1 })));
  });

  it("two `npm start` at once on the owner's URL apply each migration once", async () => {
    const ownerUrl = await freshDatabase(inject("adminDatabaseUrl"), "twostarts");
    // Stopped once past the database step: the seed line follows the migrations.
    const past = /"scope":"seed"/;
    const runs = await Promise.all([
      runScript("scripts/start.ts", { DATABASE_URL: ownerUrl }, past),
      runScript("scripts/start.ts", { DATABASE_URL: ownerUrl }, past),
    ]);
    const expected = readMigrations().map((m) => m.name);
    const appliedLines = runs.flatMap((r) => r.stdout.match(/applied migration [\w.-]+/g) ?? []);
    expect(appliedLines.sort()).toEqual(expected.map((name) => `applied migration ${name}`).sort());
    expect(runs.filter((r) => logLines(r.stdout).includes("info [db] schema up to date"))).toHaveLength(1);

    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    const { rows } = await client.query<{ n: number; names: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT migration_name)::int AS names FROM "_prisma_migrations"`,
    );
    await client.end();
    expect(rows[0]).toEqual({ n: expected.length, names: expected.length });
  });
});
