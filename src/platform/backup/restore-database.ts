import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import PgBoss from "pg-boss";
import copyStreams from "pg-copy-streams";
import { migrate, readMigrations } from "~/platform/db/migrate.ts";
import { qualified, quoteIdent } from "./dump-database.ts";
import { BackupRefused, insideBackup, type Manifest, type TableEntry } from "./manifest.ts";

interface RestoreOptions {
  /** Replace a database that already has tables (its schema is dropped first). */
  force?: boolean;
  /** Apply the migrations newer than the backup after loading it (off for a verification restore). */
  laterMigrations?: boolean;
  log?: (line: string) => void;
}

/** What stops a restore before it writes: unknown migrations, another job engine version, a non-empty target. */
export async function checkRestorable(url: string, manifest: Manifest, force: boolean): Promise<void> {
  const known = new Set(readMigrations().map((m) => m.name));
  const unknown = manifest.migrations.find((name) => !known.has(name));
  if (unknown)
    throw new BackupRefused(
      `the backup was made by a newer version of the site (migration ${unknown} is unknown here)`,
    );
  const engineVersion = jobEngineSchemaVersion();
  if (manifest.jobEngine && manifest.jobEngine.version !== engineVersion)
    throw new BackupRefused(
      `the backup's job engine schema is version ${manifest.jobEngine.version}, this install's pg-boss makes ${engineVersion}`,
    );
  if (force) return;
  const first = await firstTable(url);
  if (first)
    throw new BackupRefused(
      `the target database is not empty (it has ${first}): restore into an empty one, or pass --force to replace it`,
    );
}

async function firstTable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_toast%' ORDER BY 1 LIMIT 1`,
    );
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

function jobEngineSchemaVersion(): number {
  const plans = PgBoss.getConstructionPlans("probe");
  const m = /INSERT INTO probe\.version\(version\) VALUES \('(\d+)'\)/.exec(plans);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * Loads a checked backup into the database at `url`: the schema made by the site's migrations up to the
 * backup's version (and the job engine's by pg-boss's own plans), the rows copied in with triggers and foreign
 * keys held off (session_replication_role = replica: the snapshot was consistent as a whole), the sequences set,
 * then the later migrations. All rows go in one transaction: a failure leaves no half-restored data.
 */
export async function restoreDatabase(url: string, dir: string, manifest: Manifest, opts: RestoreOptions = {}) {
  const log = opts.log ?? (() => {});
  await checkRestorable(url, manifest, opts.force ?? false);
  if (opts.force) await dropSiteSchemas(url, manifest.jobEngine?.schema);
  await migrate(url, { upTo: manifest.schemaVersion, log });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const jobSchema = manifest.jobEngine?.schema;
    // pg-boss's plans commit on their own: the schema is made before the rows' transaction.
    if (jobSchema) await installJobEngineSchema(client, jobSchema);
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    if (jobSchema) await recreateQueues(client, dir, manifest, jobSchema);
    for (const table of manifest.tables) {
      await client.query(`DELETE FROM ${qualified(table.schema, table.name)}`);
      await copyTableIn(client, dir, table);
    }
    for (const s of manifest.sequences)
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        qualified(s.schema, s.name),
        s.lastValue,
        s.isCalled,
      ]);
    await client.query("COMMIT");
    if (manifest.jobEngine?.owner) await handJobSchemaTo(client, manifest.jobEngine.schema, manifest.jobEngine.owner);
    log(`restored ${manifest.tables.length} tables from ${manifest.name}`);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  if (opts.laterMigrations ?? true) await migrate(url, { log });
}

async function copyTableIn(client: pg.Client, dir: string, table: TableEntry) {
  const columns = table.columns.map(quoteIdent).join(", ");
  const sink = client.query(copyStreams.from(`COPY ${qualified(table.schema, table.name)} (${columns}) FROM STDIN`));
  await pipeline(fs.createReadStream(insideBackup(dir, table.file)), createGunzip(), sink);
}

/** --force: the site's tables go with their schema (recreated as PostgreSQL makes it: owned by the database owner). */
async function dropSiteSchemas(url: string, jobSchema: string | undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    if (jobSchema) await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(jobSchema)} CASCADE`);
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public AUTHORIZATION pg_database_owner");
    await client.query("GRANT USAGE ON SCHEMA public TO PUBLIC");
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

/**
 * pg-boss keeps one table per queue (a partition of its job table, made by its create_queue function): the
 * schema comes from pg-boss's own construction plans, each queue of the backup is created again through that
 * function (its partition gets the same name), and the copied rows then replace what those calls wrote.
 */
async function installJobEngineSchema(client: pg.Client, schema: string) {
  const found = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema]);
  if (found.rowCount === 0) await client.query(PgBoss.getConstructionPlans(schema));
}

async function recreateQueues(client: pg.Client, dir: string, manifest: Manifest, schema: string) {
  const queues = manifest.tables.find((t) => t.schema === schema && t.name === "queue");
  if (!queues) return;
  await client.query(`CREATE TEMP TABLE restored_queue (LIKE ${quoteIdent(schema)}.queue) ON COMMIT DROP`);
  await copyTableIn(client, dir, { ...queues, schema: "pg_temp", name: "restored_queue" });
  await client.query(
    `SELECT ${quoteIdent(schema)}.create_queue(name, json_build_object(
        'policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay, 'retryBackoff', retry_backoff,
        'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes, 'deadLetter', dead_letter))
       FROM restored_queue ORDER BY dead_letter NULLS FIRST, name`,
  );
}

/**
 * The job engine's schema belongs to the role that made it (the app's own role, at its first start), which
 * the app keeps using; the restore made it as its own role, so everything in it goes back to that owner when
 * the role exists here.
 */
async function handJobSchemaTo(client: pg.Client, schema: string, owner: string) {
  const role = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [owner]);
  if (role.rowCount === 0) return;
  const to = quoteIdent(owner);
  await client.query(`ALTER SCHEMA ${quoteIdent(schema)} OWNER TO ${to}`);
  const objects = await client.query<{ sql: string }>(
    `SELECT format('ALTER TABLE %s OWNER TO %s', c.oid::regclass, $2::text) AS sql
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
     UNION ALL
     SELECT format('ALTER FUNCTION %s OWNER TO %s', p.oid::regprocedure, $2::text)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
     UNION ALL
     SELECT format('ALTER TYPE %s OWNER TO %s', t.oid::regtype, $2::text)
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = $1 AND t.typtype = 'e'`,
    [schema, to],
  );
  for (const { sql } of objects.rows) await client.query(sql);
}
