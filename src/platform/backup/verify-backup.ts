import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { dumpDatabase } from "./dump-database.ts";
import { type Manifest, readVerifiedManifest } from "./manifest.ts";
import { localMedia } from "./media-files.ts";
import { restoreSite } from "./restore-site.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** What differs between the backup and what a restore of it read back: empty when it verified. */
export function compareWithManifest(manifest: Manifest, restored: Manifest["tables"]): string[] {
  const back = new Map(restored.map((t) => [`${t.schema}.${t.name}`, t]));
  const problems: string[] = [];
  for (const t of manifest.tables) {
    const r = back.get(`${t.schema}.${t.name}`);
    if (!r) problems.push(`${t.schema}.${t.name}: missing after the restore`);
    else if (r.rows !== t.rows) problems.push(`${t.schema}.${t.name}: ${r.rows} rows restored, ${t.rows} backed up`);
    else if (r.dataSha256 !== t.dataSha256) problems.push(`${t.schema}.${t.name}: rows differ from the backup's`);
  }
  return problems;
}

/**
 * Proves a backup restores: into a scratch PostgreSQL cluster of its own (a temporary data folder on a free
 * port, removed after), with the media into a scratch folder; then every table is read back and its row count
 * and checksum compared with the manifest. Needs no right on the site's database server.
 */
export async function verifyBackup(dir: string): Promise<{ tables: number; rows: number }> {
  const manifest = await readVerifiedManifest(dir);
  const dataDir = tempDataDir("riesgos-verify-");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-verify-"));
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  try {
    await cluster.createDatabase("verify");
    const url = cluster.urlFor("verify");
    await restoreSite({
      dir,
      databaseUrl: url,
      media: localMedia(path.join(scratch, "media")),
      laterMigrations: false,
    });
    const readBack = await dumpDatabase(url, path.join(scratch, "dump"), {
      jobSchema: manifest.jobEngine?.schema ?? "pgboss",
    });
    const problems = compareWithManifest(manifest, readBack.tables);
    if (problems.length) throw new Error(`the restored backup differs: ${problems.slice(0, 5).join("; ")}`);
    return { tables: manifest.tables.length, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0) };
  } finally {
    await cluster.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
