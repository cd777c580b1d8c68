import path from "node:path";
import { type EmbeddedPgHandle, startEmbeddedPostgres } from "~/platform/db/embedded-postgres.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { DATA_DIR } from "./prepare-runtime.ts";

/**
 * Makes sure DATABASE_URL points at a migrated database: the configured one, or an embedded PostgreSQL
 * under .data/pg when none is configured. Returns the embedded handle (to stop it) when one was started.
 */
export async function ensureDatabase(env: {
  DATABASE_URL?: string;
  EMBEDDED_PG_PORT: number;
  EMBEDDED_PG_DIR?: string;
}) {
  let embedded: EmbeddedPgHandle | undefined;
  if (!env.DATABASE_URL) {
    const dataDir = env.EMBEDDED_PG_DIR ?? path.join(DATA_DIR, "pg");
    console.log(`[db] starting embedded PostgreSQL (data: ${dataDir}, port ${env.EMBEDDED_PG_PORT})`);
    embedded = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT, persistent: true });
    await embedded.createDatabase("riesgos");
  }
  // Embedded: migrations run as the superuser, the app as its own role without superuser rights.
  const migrateUrl = embedded ? embedded.urlFor("riesgos") : (process.env.DATABASE_URL ?? env.DATABASE_URL);
  if (!migrateUrl) throw new Error("unreachable: DATABASE_URL missing");
  const applied = await migrate(migrateUrl, { log: (l) => console.log(`[db] ${l}`) });
  if (applied.length === 0) console.log("[db] schema up to date");
  if (embedded) {
    await embedded.grantApp("riesgos");
    process.env.DATABASE_URL = embedded.appUrlFor("riesgos");
  }
  const url = process.env.DATABASE_URL ?? migrateUrl;
  return { url, embedded };
}
