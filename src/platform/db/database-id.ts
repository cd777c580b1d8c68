import type { DbClient } from "./client.ts";

type Physical = { oid: string; system: string | null; timeline: string | null };

/**
 * The database's identity, read once by the launcher at each start and handed to the server as DATABASE_ID:
 * Next's cache keys pages and data on it (src/platform/cache/namespace.mjs), so a server never serves a page
 * rendered from another database. Made of
 * - the uuid its migration stored when the database was created (another database, another uuid);
 * - the database's OID: a copy in the same cluster (CREATE DATABASE … TEMPLATE, a dump restored into a new
 *   database) is a new database with the same rows;
 * - the cluster's system identifier and WAL timeline, where the role may read them: a restore into a new
 *   cluster, or a point-in-time restore of this one, brings back rows that later writes had changed.
 * A dump restored over this very database keeps all four: docs/operations.md says how to give it a new one.
 */
export async function readDatabaseId(db: DbClient): Promise<string> {
  // The migration made the row; a table emptied since (a data-only restore) gets a new one.
  await db.databaseIdentity.createMany({ data: [{ id: 1 }], skipDuplicates: true });
  const { uuid } = await db.databaseIdentity.findUniqueOrThrow({ where: { id: 1 }, select: { uuid: true } });
  const { oid, system, timeline } = await physicalIdentity(db);
  return [uuid, oid, system, timeline].filter(Boolean).join(".");
}

async function physicalIdentity(db: DbClient): Promise<Physical> {
  // Any role may read these on PostgreSQL; a managed service may revoke them, and then the OID alone counts.
  const [row] = await db.$queryRaw<Physical[]>`
    SELECT d.oid::text AS oid,
           CASE WHEN has_function_privilege('pg_control_system()', 'EXECUTE')
                THEN (SELECT system_identifier::text FROM pg_control_system()) END AS system,
           CASE WHEN has_function_privilege('pg_current_wal_lsn()', 'EXECUTE')
                 AND has_function_privilege('pg_walfile_name(pg_lsn)', 'EXECUTE') AND NOT pg_is_in_recovery()
                THEN substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8) END AS timeline
      FROM pg_database d WHERE d.datname = current_database()`;
  if (!row) throw new Error("the current database is missing from pg_database");
  return row;
}
