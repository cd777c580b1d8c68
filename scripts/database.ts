import path from "node:path";
import { type EmbeddedPgHandle, startEmbeddedPostgres } from "~/platform/db/embedded-postgres.ts";
import { mayMigrate, migrate, pendingMigrations } from "~/platform/db/migrate.ts";
import { DATA_DIR } from "./prepare-runtime.ts";
import { processLog as logger } from "./process-log.mjs";

interface DatabaseEnv {
  DATABASE_URL?: string;
  MIGRATION_DATABASE_URL?: string;
  EMBEDDED_PG_PORT: number;
  EMBEDDED_PG_DIR?: string;
}

const dbLog = logger.child({ scope: "db" });
const log = (line: string) => dbLog.info(line);

/**
 * Makes sure the app's database is migrated and returns its URL: the configured one, or an embedded PostgreSQL
 * under .data/pg when none is configured (migrated as the superuser, used as the app's own role). Returns the
 * embedded handle (to stop it) when one was started.
 *
 * `start`: migrates with MIGRATION_DATABASE_URL when set, else with DATABASE_URL when its role may change the
 * schema; a role that may not only checks that nothing is pending and refuses to start otherwise.
 * `migrate` (`npm run db:migrate`): migrates with MIGRATION_DATABASE_URL, or DATABASE_URL when it is the owner.
 */
export async function ensureDatabase(env: DatabaseEnv, mode: "start" | "migrate" = "start") {
  const external = env.DATABASE_URL ?? (mode === "migrate" ? env.MIGRATION_DATABASE_URL : undefined);
  if (!external) return ensureEmbedded(env);
  if (mode === "migrate") {
    const owner = env.MIGRATION_DATABASE_URL ?? external;
    if (!(await mayMigrate(owner))) {
      const name = env.MIGRATION_DATABASE_URL ? "MIGRATION_DATABASE_URL" : "DATABASE_URL";
      throw new Error(`the role of ${name} may not change the schema: set MIGRATION_DATABASE_URL to the owner's URL`);
    }
    await migrateAndReport(owner);
    return { url: external, embedded: undefined };
  }
  if (!env.DATABASE_URL) throw new Error("unreachable: DATABASE_URL missing");
  const url = env.DATABASE_URL;
  if (env.MIGRATION_DATABASE_URL) await migrateAndReport(env.MIGRATION_DATABASE_URL);
  else {
    const pending = await pendingMigrations(url);
    if (pending.length === 0) log("schema up to date");
    else if (await mayMigrate(url)) await migrateAndReport(url);
    else throw new Error(schemaBehind(pending));
  }
  return { url, embedded: undefined };
}

/** The one line `npm start` stops with when its role may not apply what is pending. */
export function schemaBehind(pending: string[]): string {
  const what = pending.length === 1 ? "1 migration is pending" : `${pending.length} migrations are pending`;
  return `database schema out of date: ${what} (${pending.join(", ")}); run \`npm run db:migrate\` with MIGRATION_DATABASE_URL (the owner's URL) first`;
}

async function migrateAndReport(url: string) {
  const applied = await migrate(url, { log });
  if (applied.length === 0) log("schema up to date");
}

async function ensureEmbedded(env: DatabaseEnv) {
  const dataDir = env.EMBEDDED_PG_DIR ?? path.join(DATA_DIR, "pg");
  log(`starting embedded PostgreSQL (data: ${dataDir}, port ${env.EMBEDDED_PG_PORT})`);
  const embedded: EmbeddedPgHandle = await startEmbeddedPostgres({
    dataDir,
    port: env.EMBEDDED_PG_PORT,
    persistent: true,
    log: (line) => dbLog.debug(line),
  });
  await embedded.createDatabase("riesgos");
  // Migrations run as the superuser, the app as its own role without superuser rights.
  await migrateAndReport(embedded.urlFor("riesgos"));
  await embedded.grantApp("riesgos");
  const url = embedded.appUrlFor("riesgos");
  process.env.DATABASE_URL = url;
  return { url, embedded };
}

/**
 * The site's database as a role that may read and rebuild all of it, for `npm run backup` and `npm run restore`:
 * MIGRATION_DATABASE_URL (the owner), else DATABASE_URL; without either the embedded cluster's superuser (the
 * cluster started for the command, or the running site's reused), with the database created when missing and
 * the app's role granted again after a restore (`grantApp`).
 */
export async function ownerDatabase(env: DatabaseEnv) {
  const external = env.MIGRATION_DATABASE_URL ?? env.DATABASE_URL;
  if (external) return { url: external, embedded: undefined, grantApp: async () => {} };
  const dataDir = env.EMBEDDED_PG_DIR ?? path.join(DATA_DIR, "pg");
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: env.EMBEDDED_PG_PORT,
    persistent: true,
    log: (line) => dbLog.debug(line),
  });
  await embedded.createDatabase("riesgos");
  return { url: embedded.urlFor("riesgos"), embedded, grantApp: () => embedded.grantApp("riesgos") };
}
