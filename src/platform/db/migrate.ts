import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/<name>/migration.sql in order, keeping the same `_prisma_migrations` table and
 * sha256 checksums that `prisma migrate deploy` keeps, so either tool can take over from the other.
 */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
// The advisory lock key Prisma's migrate uses, so the two never run at once.
const PRISMA_ADVISORY_LOCK = 72707369;

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** Names of the migrations not yet applied to the database (reads only: any role that may SELECT can ask). */
export async function pendingMigrations(connectionString: string, dir?: string): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
    );
    const done = rows[0]?.exists
      ? new Set(
          (
            await client.query<{ migration_name: string }>(
              `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
            )
          ).rows.map((r) => r.migration_name),
        )
      : new Set<string>();
    return readMigrations(dir)
      .map((m) => m.name)
      .filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Whether the connecting role may change the schema: a superuser, or a member of the role owning the
 * migrations table (on a database never migrated: one that may create in schema public).
 */
export async function mayMigrate(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ may: boolean }>(
      `SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
           OR COALESCE(
                (SELECT pg_has_role(current_user, c.relowner, 'USAGE') FROM pg_class c
                 WHERE c.oid = to_regclass('"_prisma_migrations"')),
                has_schema_privilege(current_user, 'public', 'CREATE')
              ) AS may`,
    );
    return rows[0]?.may === true;
  } finally {
    await client.end();
  }
}

export async function migrate(
  connectionString: string,
  opts: { dir?: string; log?: (line: string) => void; upTo?: string } = {},
): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const byName = new Map(rows.map((r) => [r.migration_name, r]));
    // A restore builds the schema its backup was taken on (upTo), loads the rows, then applies the rest.
    const wanted = readMigrations(opts.dir).filter((m) => !opts.upTo || m.name <= opts.upTo);
    for (const m of wanted) {
      const row = byName.get(m.name);
      if (row?.finished_at) {
        if (row.checksum !== m.checksum) {
          log(`warning: migration ${m.name} was modified after it was applied (checksum differs).`);
        }
        continue;
      }
      if (row && !row.finished_at) {
        throw new Error(
          `Migration ${m.name} failed earlier and was not rolled back; resolve it (prisma migrate resolve) before migrating.`,
        );
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      log(`applied migration ${m.name}`);
      applied.push(m.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
  return applied;
}
