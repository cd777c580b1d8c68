import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import type { Manifest, TableEntry } from "./manifest.ts";

/**
 * Tables a restore makes itself: the migrations' own record (the restore's migration run writes it) and the
 * database's identity (a restored database is another database: a new uuid, so the page cache namespace
 * changes and no page cached before the restore is served).
 */
const NOT_COPIED = new Set(["public._prisma_migrations", "public.database_identity"]);

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

type DatabasePart = Pick<Manifest, "schemaVersion" | "migrations" | "jobEngine" | "tables" | "sequences">;

/**
 * Copies every table of the site's schema and the job engine's out of one REPEATABLE READ, READ ONLY
 * transaction: one snapshot, taken while the site keeps writing (readers and writers are not blocked).
 */
export async function dumpDatabase(url: string, outDir: string, opts: { jobSchema: string }): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const schemas = ["public", opts.jobSchema];
    const migrations = (
      await client.query<{ migration_name: string }>(
        `SELECT migration_name FROM "_prisma_migrations"
          WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    ).rows.map((r) => r.migration_name);
    const schemaVersion = migrations.at(-1);
    if (!schemaVersion) throw new Error("the database has no applied migration: nothing to back up");
    const jobEngine = await jobEngineVersion(client, opts.jobSchema);
    const tables = await client.query<{ schema: string; name: string; columns: string[] }>(
      `SELECT n.nspname AS schema, c.relname AS name,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relkind = 'r' AND n.nspname = ANY($1)
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [schemas],
    );
    fs.mkdirSync(path.join(outDir, "db"), { recursive: true });
    const entries: TableEntry[] = [];
    for (const t of tables.rows) {
      if (NOT_COPIED.has(`${t.schema}.${t.name}`)) continue;
      entries.push(await copyTableOut(client, outDir, t));
    }
    const sequences = (
      await client.query<{ schema: string; name: string; last_value: string | null; start_value: string }>(
        `SELECT schemaname AS schema, sequencename AS name, last_value::text, start_value::text
           FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
        [schemas],
      )
    ).rows.map((s) => ({
      schema: s.schema,
      name: s.name,
      lastValue: s.last_value ?? s.start_value,
      isCalled: s.last_value !== null,
    }));
    await client.query("COMMIT");
    return { schemaVersion, migrations, jobEngine, tables: entries, sequences };
  } finally {
    await client.end();
  }
}

async function jobEngineVersion(client: pg.Client, schema: string): Promise<Manifest["jobEngine"]> {
  const exists = await client.query<{ found: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS found`, [
    `${quoteIdent(schema)}.version`,
  ]);
  if (!exists.rows[0]?.found) return null;
  const { rows } = await client.query<{ version: number; owner: string }>(
    `SELECT v.version, pg_get_userbyid(n.nspowner) AS owner
       FROM ${quoteIdent(schema)}.version v, pg_namespace n WHERE n.nspname = $1`,
    [schema],
  );
  return rows[0] ? { schema, version: Number(rows[0].version), owner: rows[0].owner } : null;
}

/** One table as COPY text, gzipped into db/<schema>.<table>.copy.gz, counted and hashed on the way. */
async function copyTableOut(
  client: pg.Client,
  outDir: string,
  t: { schema: string; name: string; columns: string[] },
): Promise<TableEntry> {
  const file = `db/${t.schema}.${t.name}.copy.gz`;
  const data = createHash("sha256");
  const stored = createHash("sha256");
  let rows = 0;
  let bytes = 0;
  const columns = t.columns.map(quoteIdent).join(", ");
  const source = client.query(copyStreams.to(`COPY ${qualified(t.schema, t.name)} (${columns}) TO STDOUT`));
  // In COPY's text format a row is one line (newlines inside values are escaped as \n).
  const countRows = new Transform({
    transform(chunk: Buffer, _enc, done) {
      data.update(chunk);
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  const hashStored = new Transform({
    transform(chunk: Buffer, _enc, done) {
      stored.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, countRows, createGzip(), hashStored, fs.createWriteStream(path.join(outDir, file)));
  return {
    schema: t.schema,
    name: t.name,
    columns: t.columns,
    rows,
    dataSha256: data.digest("hex"),
    file,
    bytes,
    sha256: stored.digest("hex"),
  };
}
