/**
 * `npm run bench:backup [-- --articles N --subscribers N --media-mb N --seconds N]`: a generated site (default
 * 100,000 articles, 1,000,000 subscribers, 1 GB of media) on an embedded PostgreSQL of its own, then
 * - `npm run backup`'s library: seconds, size on disk, the process's peak RSS;
 * - the restore into a new database and media folder: the same three;
 * - reader throughput: the /noticias list read (the site's own listArticles, two concurrent readers) for N
 *   seconds with nothing else running, then for as long as a backup runs.
 * Figures and how they were taken: bench/README.md, "Backups".
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { listArticles } from "~/features/articles/reads.ts";
import { backupBytes, backupSite } from "~/platform/backup/backup-site.ts";
import { localMedia } from "~/platform/backup/media-files.ts";
import { restoreSite } from "~/platform/backup/restore-site.ts";
import { createPrismaClient } from "~/platform/db/client.ts";
import { startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { loadSeed } from "../seed/load.ts";
import { DEFAULT_END } from "./lib/article-generator.ts";
import { insertGeneratedArticles } from "./lib/article-insert.ts";
import { freePort } from "./lib/corpus-processes.ts";
import { kernelMemory, resetKernelPeak } from "./lib/process-memory.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ARTICLES = arg("articles", 100_000);
const SUBSCRIBERS = arg("subscribers", 1_000_000);
const MEDIA_MB = arg("media-mb", 1024);
const SECONDS = arg("seconds", 20);
const mb = (bytes: number | null) => (bytes === null ? "?" : `${(bytes / 1048576).toFixed(0)} MB`);
const elapsed = (start: number) => (performance.now() - start) / 1000;

async function seed(url: string, mediaDir: string) {
  const db = createPrismaClient(url);
  await loadSeed(db);
  await db.$disconnect();
  let t = performance.now();
  await insertGeneratedArticles(url, ARTICLES, { parallel: 2 });
  console.log(`seeded ${ARTICLES} articles in ${elapsed(t).toFixed(0)} s`);
  t = performance.now();
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  await sql.query(`
    INSERT INTO newsletter_subscriptions (id, email, subscribed, status, locale, confirmed_at, created_at, updated_at)
    SELECT 'bench' || lpad(g::text, 7, '0'), 'lector' || g || '@bench.example', true, 'confirmed',
           CASE WHEN g % 4 = 0 THEN 'en' ELSE 'es' END, now(), now(), now()
    FROM generate_series(1, ${SUBSCRIBERS}) g`);
  await sql.query("VACUUM ANALYZE");
  await sql.end();
  console.log(`seeded ${SUBSCRIBERS} subscribers in ${elapsed(t).toFixed(0)} s`);
  // Images of ~1 MB each (random bytes: they do not compress, like real JPEG/WebP).
  for (let i = 0; i < MEDIA_MB; i++) {
    const file = path.join(mediaDir, "2026/11", `${String(i).padStart(5, "0")}.webp`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(1024 * 1024));
  }
}

/** Reads of the /noticias list per second, over two connections, until `until` resolves or `seconds` pass. */
async function readerRate(url: string, seconds: number, until?: Promise<unknown>) {
  const db = createPrismaClient(url);
  let reads = 0;
  let stop = false;
  const timer = setTimeout(() => (stop = true), seconds * 1000);
  void until?.then(() => (stop = true));
  const started = performance.now();
  const reader = async (page: number) => {
    while (!stop) {
      await listArticles(db, { cursor: (reads % 5) * 20 + page }, DEFAULT_END);
      reads++;
    }
  };
  await Promise.all([reader(0), reader(1)]);
  clearTimeout(timer);
  const rate = reads / elapsed(started);
  await db.$disconnect();
  return rate;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
  const dataDir = tempDataDir("bench-backup-pg-");
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: true });
  try {
    await cluster.createDatabase("site");
    const url = cluster.urlFor("site");
    await migrate(url);
    const mediaDir = path.join(work, "media");
    await seed(url, mediaDir);

    const idle = await readerRate(url, SECONDS);
    resetKernelPeak("self");
    const rssBefore = kernelMemory("self", "VmRSS");
    let t = performance.now();
    const backup = backupSite({
      databaseUrl: url,
      jobSchema: "pgboss",
      media: localMedia(mediaDir),
      root: path.join(work, "backups"),
      settings: {},
    });
    const during = await readerRate(url, 3600, backup);
    const { dir, manifest } = await backup;
    const backupSeconds = elapsed(t);
    const backupPeak = kernelMemory("self", "VmHWM");

    await cluster.createDatabase("restored");
    resetKernelPeak("self");
    t = performance.now();
    await restoreSite({ dir, databaseUrl: cluster.urlFor("restored"), media: localMedia(path.join(work, "restored")) });
    const restoreSeconds = elapsed(t);
    const restorePeak = kernelMemory("self", "VmHWM");

    const rows = manifest.tables.reduce((sum, x) => sum + x.rows, 0);
    console.log(
      `\nBackups — ${ARTICLES} articles, ${SUBSCRIBERS} subscribers, ${MEDIA_MB} MB media, ${new Date().toISOString()}`,
    );
    console.log(
      `load average (1/5/15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}, ${os.cpus().length} cores`,
    );
    console.log(
      `backup:  ${backupSeconds.toFixed(1)} s, ${mb(backupBytes(manifest))} on disk (${rows} rows, ${manifest.media.length} media files), peak RSS ${mb(backupPeak)} (${mb(rssBefore)} before)`,
    );
    console.log(
      `restore: ${restoreSeconds.toFixed(1)} s (checks, schema, rows, later migrations, media), peak RSS ${mb(restorePeak)}`,
    );
    console.log(
      `readers: ${idle.toFixed(1)} list reads/s alone, ${during.toFixed(1)} during the backup (${((during / idle) * 100).toFixed(0)} %)`,
    );
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
