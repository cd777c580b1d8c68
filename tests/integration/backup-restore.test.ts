import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { backupSite } from "~/platform/backup/backup-site.ts";
import { dumpDatabase } from "~/platform/backup/dump-database.ts";
import { MANIFEST, type Manifest } from "~/platform/backup/manifest.ts";
import { localMedia } from "~/platform/backup/media-files.ts";
import { restoreSite } from "~/platform/backup/restore-site.ts";
import { createPrismaClient } from "~/platform/db/client.ts";
import { readDatabaseId } from "~/platform/db/database-id.ts";
import { migrate, readMigrations } from "~/platform/db/migrate.ts";
import { loadSeed } from "../../seed/load.ts";
import { freshDatabase } from "../support/fresh-database.ts";

/**
 * The backup library on real PostgreSQL: a backup restored into an empty database holds every table's rows
 * byte for byte (the job engine's too) and the media; the restored database has a new identity, so the page
 * cache serves nothing cached before; a corrupted, truncated or unfinished backup and a non-empty target are
 * refused with the reason before anything is written.
 */
const JOB_SCHEMA = "backup_jobs";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-it-"));
const admin = inject("adminDatabaseUrl");
const template = inject("migratedTemplate");
let sourceUrl: string;
let backup: { dir: string; manifest: Manifest };
const mediaDir = path.join(work, "media-source");
const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const tableCount = async (url: string) =>
  Number(
    (
      await query<{ n: string }>(
        url,
        `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind = 'r' AND n.nspname IN ('public', '${JOB_SCHEMA}')`,
      )
    )[0]?.n,
  );

async function idOf(url: string) {
  const db = createPrismaClient(url);
  try {
    return await readDatabaseId(db);
  } finally {
    await db.$disconnect();
  }
}

/** Every table's rows as the backup sees them: the same dump of the restored database must equal it. */
async function contentsOf(url: string) {
  const out = fs.mkdtempSync(path.join(work, "dump-"));
  const dump = await dumpDatabase(url, out, { jobSchema: JOB_SCHEMA });
  return {
    tables: dump.tables.map((t) => ({ table: `${t.schema}.${t.name}`, rows: t.rows, data: t.dataSha256 })),
    sequences: dump.sequences,
  };
}

/** A backup of a database alone (no media), into a folder of its own under the test's work folder. */
const backupWithoutMedia = (databaseUrl: string, root: string) =>
  backupSite({
    databaseUrl,
    jobSchema: JOB_SCHEMA,
    media: localMedia(path.join(work, "no-media")),
    root: path.join(work, root),
    settings: {},
  });

function copyBackup(name: string): string {
  const copy = path.join(work, name);
  fs.cpSync(backup.dir, copy, { recursive: true });
  return copy;
}

beforeAll(async () => {
  sourceUrl = await freshDatabase(admin, "backup_src", template);
  const db = createPrismaClient(sourceUrl);
  await loadSeed(db);
  await db.$disconnect();
  // The job engine's schema with a queue (a partition of its own) and a waiting job, made by pg-boss itself.
  const boss = new PgBoss({ connectionString: sourceUrl, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue("backup-test/queue");
  await boss.send("backup-test/queue", { article: "a1" });
  await boss.stop({ graceful: false, wait: true });
  fs.mkdirSync(path.join(mediaDir, "2026/12"), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, "2026/12/a.png"), image);
  backup = await backupSite({
    databaseUrl: sourceUrl,
    jobSchema: JOB_SCHEMA,
    media: localMedia(mediaDir),
    root: path.join(work, "backups"),
    settings: { SITE_URL: "http://localhost:3000" },
    now: new Date("2026-12-02T01:00:00Z"),
  });
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("backupSite", () => {
  it("writes one folder named by time with a manifest of every table, its rows and checksums", () => {
    expect(path.basename(backup.dir)).toBe("2026-12-02T01-00-00-000Z");
    const m = backup.manifest;
    expect(m.schemaVersion).toBe(readMigrations().at(-1)?.name);
    const articles = m.tables.find((t) => t.schema === "public" && t.name === "articles");
    expect(articles?.rows).toBeGreaterThan(0);
    expect(m.tables.some((t) => t.schema === JOB_SCHEMA && t.name === "queue" && t.rows === 1)).toBe(true);
    expect(m.jobEngine).toEqual({ schema: JOB_SCHEMA, version: expect.any(Number), owner: "postgres" });
    expect(m.media).toEqual([expect.objectContaining({ key: "2026/12/a.png", bytes: image.length })]);
    expect(fs.readdirSync(path.dirname(backup.dir)).filter((f) => f.includes("partial"))).toEqual([]);
  });
});

describe("restoreSite", () => {
  it("restores every table byte for byte and the media into an empty database, with a new database id", async () => {
    const target = await freshDatabase(admin, "backup_dst");
    const media = path.join(work, "media-restored");
    await restoreSite({ dir: backup.dir, databaseUrl: target, media: localMedia(media) });
    expect(await contentsOf(target)).toEqual(await contentsOf(sourceUrl));
    expect(fs.readFileSync(path.join(media, "2026/12/a.png"))).toEqual(image);
    const [before, after] = [await idOf(sourceUrl), await idOf(target)];
    expect(after.split(".")[0]).not.toBe(before.split(".")[0]);
    // The job engine works the restored job.
    const boss = new PgBoss({ connectionString: target, schema: JOB_SCHEMA, supervise: false, schedule: false });
    await boss.start();
    const [job] = await boss.fetch<{ article: string }>("backup-test/queue");
    await boss.stop({ graceful: false, wait: true });
    expect(job?.data).toEqual({ article: "a1" });
  }, 120_000);

  it("refuses a database that has tables, and with force replaces it: the same rows under a new identity", async () => {
    const copy = await freshDatabase(admin, "backup_over", new URL(sourceUrl).pathname.slice(1));
    const idBefore = await idOf(copy);
    await expect(restoreSite({ dir: backup.dir, databaseUrl: copy, media: localMedia(mediaDir) })).rejects.toThrow(
      /the target database is not empty \(it has .+\): restore into an empty one, or pass --force/,
    );
    await restoreSite({ dir: backup.dir, databaseUrl: copy, media: localMedia(mediaDir), force: true });
    expect(await contentsOf(copy)).toEqual(await contentsOf(sourceUrl));
    // Restored over the very same database (same OID, cluster and timeline): the page cache still changes.
    expect(await idOf(copy)).not.toBe(idBefore);
  }, 120_000);

  it("applies the migrations newer than the backup after loading it", async () => {
    const migrations = readMigrations().map((m) => m.name);
    const older = await freshDatabase(admin, "backup_old");
    await migrate(older, { upTo: migrations.at(-2) });
    const oldBackup = await backupWithoutMedia(older, "old-backups");
    expect(oldBackup.manifest.schemaVersion).toBe(migrations.at(-2));
    const target = await freshDatabase(admin, "backup_old_dst");
    await restoreSite({ dir: oldBackup.dir, databaseUrl: target, media: localMedia(path.join(work, "m2")) });
    const applied = await query<{ migration_name: string }>(target, `SELECT migration_name FROM _prisma_migrations`);
    expect(applied.map((r) => r.migration_name).sort()).toEqual(migrations);
  }, 120_000);

  it("hands the job engine's schema back to the role that made it (the app's own role)", async () => {
    const role = `backup_app_${Math.random().toString(36).slice(2, 8)}`;
    const copy = await freshDatabase(admin, "backup_owned", new URL(sourceUrl).pathname.slice(1));
    await query(copy, `CREATE ROLE ${role}`);
    await query(copy, `ALTER SCHEMA ${JOB_SCHEMA} OWNER TO ${role}`);
    const owned = await backupWithoutMedia(copy, "owned-backups");
    expect(owned.manifest.jobEngine?.owner).toBe(role);
    const target = await freshDatabase(admin, "backup_owned_dst");
    await restoreSite({ dir: owned.dir, databaseUrl: target, media: localMedia(path.join(work, "m3")) });
    const owners = await query<{ owner: string }>(
      target,
      `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = '${JOB_SCHEMA}' AND c.relkind IN ('r', 'p')
       UNION SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = '${JOB_SCHEMA}'`,
    );
    expect(owners.map((o) => o.owner)).toEqual([role]);
  }, 120_000);

  const refusals: [string, (dir: string) => void, RegExp][] = [
    [
      "a table file with one byte changed",
      (dir) => {
        const file = path.join(dir, backup.manifest.tables.find((t) => t.name === "articles")!.file);
        const bytes = fs.readFileSync(file);
        const middle = bytes.length >> 1;
        bytes.writeUInt8((bytes[middle] ?? 0) ^ 0xff, middle);
        fs.writeFileSync(file, bytes);
      },
      /db\/public\.articles\.copy\.gz does not match its checksum in the manifest \(corrupted\)/,
    ],
    [
      "a truncated table file",
      (dir) => {
        const file = path.join(dir, backup.manifest.tables.find((t) => t.name === "articles")!.file);
        fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
      },
      /db\/public\.articles\.copy\.gz has \d+ bytes, the manifest says \d+ \(truncated or corrupted\)/,
    ],
    [
      "a missing media file",
      (dir) => fs.rmSync(path.join(dir, "media/2026/12/a.png")),
      /media\/2026\/12\/a\.png is missing \(truncated backup\)/,
    ],
    [
      "a truncated manifest",
      (dir) => fs.truncateSync(path.join(dir, MANIFEST), 200),
      /manifest\.json is not valid JSON \(truncated or corrupted\)/,
    ],
    [
      "an edited row count",
      (dir) => {
        const m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8"));
        m.tables[0].rows = -1;
        fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(m));
      },
      /manifest\.json is malformed: tables\.0\.rows/,
    ],
    ["no manifest (an unfinished backup)", (dir) => fs.rmSync(path.join(dir, MANIFEST)), /no manifest\.json in/],
  ];

  it.each(refusals)(
    "refuses %s with the reason, writing nothing",
    async (_what, damage, reason) => {
      const dir = copyBackup(`damaged-${Math.random().toString(36).slice(2)}`);
      damage(dir);
      const target = await freshDatabase(admin, "backup_bad");
      const media = path.join(work, `media-bad-${path.basename(dir)}`);
      await expect(restoreSite({ dir, databaseUrl: target, media: localMedia(media) })).rejects.toThrow(reason);
      expect(await tableCount(target)).toBe(0);
      expect(fs.existsSync(media)).toBe(false);
    },
    60_000,
  );
});
