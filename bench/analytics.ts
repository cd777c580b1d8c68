/**
 * Analytics at scale:
 *  1. ingest over HTTP: the production site (its own embedded PostgreSQL) serves pages to CONNECTIONS
 *     keep-alive clients for SECONDS, alone, then while the beacon's endpoint takes RATE hits/s, then alone
 *     again: page req/s with and without the beacon, the endpoint's p50/p99, hits acknowledged (204) vs stored;
 *  2. the beacon's script: the island compiled and minified with what it imports (its fallback's post-json
 *     helper included, though the signup form ships it already), React and Next left out, gzipped bytes;
 *  3. dashboard: 30 days of rollups shaped like HITS hits (2,000 pages, 30 referrers; hourly rows for the
 *     14 days they are kept) and the raw hits of the last 48 hours, generated in SQL; each admin query timed,
 *     median of RUNS;
 *  4. storage of those tables, in MB.
 * Usage: npm run bench:analytics  (RATE=300 SECONDS=60 CONNECTIONS=8 HITS=10000000 RUNS=5; HTTP=0 skips 1,
 * DASHBOARD=0 skips 3 and 4;
 * BENCH_DIST_DIR picks the production build folder, .next-bench by default)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { hitLoad, pageLoad } from "./lib/http-load.ts";
import { treeCpuMs } from "./lib/process-cpu.ts";
import { startBenchDatabase, startSite, stop } from "./lib/servers.ts";

const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const HITS = Number(process.env.HITS ?? 10_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
const DAY = 86_400_000;
const PORTS = { site: 3341, pg: 54441 };

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function ingestOverHttp() {
  const database = await startBenchDatabase("analytics", PORTS.pg);
  const site = await startSite(PORTS.site, { name: "analytics", env: { DATABASE_URL: database.url } });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const base = `http://127.0.0.1:${PORTS.site}`;
    const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
    const pages = [`${base}/`, `${base}/noticias/${articles[0]!.slug}`, `${base}/noticias`];
    await pageLoad(pages, CONNECTIONS, 10); // warm-up: compiles and caches
    await hitLoad(`${base}/api/analytics/hit`, 10, 1);
    await new Promise((r) => setTimeout(r, 2000));
    const stored = async () => Number((await client.query("SELECT count(*) AS n FROM analytics_hits")).rows[0].n);
    console.log(`load before the runs: ${load()}`);
    // The site's own CPU time (launcher, server, send process) per page and per hit: what a hit costs the
    // server whatever else the machine runs (the req/s below move with other sessions' load).
    const cpu0 = treeCpuMs(site.pid!);
    const alone = await pageLoad(pages, CONNECTIONS, SECONDS);
    const perPage = (treeCpuMs(site.pid!) - cpu0) / alone.ok;
    console.log(`pages alone: ${alone.rps.toFixed(1)} req/s (${alone.errors} errors), load ${load()}`);
    const cpu1 = treeCpuMs(site.pid!);
    const hitsAlone = await hitLoad(`${base}/api/analytics/hit`, RATE, 10);
    await new Promise((r) => setTimeout(r, 1500)); // their batch written
    const perHit = (treeCpuMs(site.pid!) - cpu1) / hitsAlone.acknowledged;
    console.log(
      `server CPU: ${perPage.toFixed(2)} ms per page, ${perHit.toFixed(3)} ms per hit (10 s of hits alone, p50 ${pct(hitsAlone.latencies, 0.5).toFixed(1)} ms): ${RATE} hits/s cost ${((100 * RATE * perHit) / (alone.rps * perPage)).toFixed(1)} % of the CPU the pages alone used`,
    );
    const before = await stored();
    const [withBeacon, hits] = await Promise.all([
      pageLoad(pages, CONNECTIONS, SECONDS),
      hitLoad(`${base}/api/analytics/hit`, RATE, SECONDS),
    ]);
    await new Promise((r) => setTimeout(r, 3000)); // the batch buffer writes within a second
    const kept = (await stored()) - before;
    console.log(
      `pages with ${RATE} hits/s: ${withBeacon.rps.toFixed(1)} req/s (${withBeacon.errors} errors), load ${load()}`,
    );
    const again = await pageLoad(pages, CONNECTIONS, SECONDS);
    console.log(`pages alone again: ${again.rps.toFixed(1)} req/s, load ${load()}`);
    const baseline = (alone.rps + again.rps) / 2;
    console.log(
      `page throughput with the beacon: ${((withBeacon.rps / baseline - 1) * 100).toFixed(1)} % against the mean of the runs without it`,
    );
    console.log(
      `ingest over HTTP: ${RATE * SECONDS} hits at ${RATE}/s; endpoint p50 ${pct(hits.latencies, 0.5).toFixed(1)} ms, p99 ${pct(hits.latencies, 0.99).toFixed(1)} ms, max ${Math.max(...hits.latencies).toFixed(0)} ms; acknowledged ${hits.acknowledged}, shed ${hits.shed}, failed ${hits.failed}, stored ${kept}, lost ${hits.acknowledged - kept}`,
    );
  } finally {
    await client.end();
    stop(site);
    await database.stop();
  }
}

/** The beacon island as the browser gets it, alone: minified, React and Next left out (every page has them). */
function beaconBytes() {
  const out = execFileSync(
    "node_modules/.bin/esbuild",
    [
      "src/features/analytics/ui/beacon.tsx",
      "--bundle",
      "--minify",
      "--format=esm",
      "--external:react",
      "--external:next/*",
      "--alias:~=./src",
    ],
    { encoding: "utf8" },
  );
  console.log(`beacon script: ${out.length} bytes minified, ${gzipSync(out, { level: 9 }).length} bytes gzipped`);
}

const DIMENSIONS = `
  SELECT 'total' AS dimension, '' AS value UNION ALL
  SELECT 'page', '/noticias/pieza-' || g FROM generate_series(0, 1999) g UNION ALL
  SELECT 'piece', 'article:pieza-' || g FROM generate_series(0, 1999) g UNION ALL
  SELECT 'referrer', CASE WHEN g = 0 THEN '' ELSE 'ref' || g || '.example' END FROM generate_series(0, 30) g UNION ALL
  SELECT 'source', v FROM unnest(ARRAY['', 'boletin']) v UNION ALL
  SELECT 'campaign', v FROM unnest(ARRAY['', 'semana-0', 'semana-1', 'semana-2', 'semana-3', 'semana-4']) v UNION ALL
  SELECT 'lang', v FROM unnest(ARRAY['es', 'en']) v UNION ALL
  SELECT 'device', v FROM unnest(ARRAY['desktop', 'mobile', 'tablet']) v`;

/** Rollup rows of `buckets` buckets ending at `last`, views shared out among each dimension's values. */
const rollupSql = (table: "analytics_daily" | "analytics_hourly", column: "day" | "hour", step: string) => `
  WITH dims AS (${DIMENSIONS}), sizes AS (SELECT dimension, count(*) AS n FROM dims GROUP BY dimension)
  INSERT INTO ${table} (${column}, dimension, value, views, visitors)
  SELECT b, dims.dimension, dims.value, v.views, greatest(1, (v.views * 0.6)::int)
  FROM generate_series($1::timestamptz - ($2::int - 1) * interval '${step}', $1::timestamptz, interval '${step}') b
  CROSS JOIN dims JOIN sizes USING (dimension)
  CROSS JOIN LATERAL (SELECT greatest(1, ($3::float / sizes.n * (0.5 + random()))::int) AS views) v`;

async function dashboard() {
  const pgServer = await startTestPostgres();
  const url = await createMigratedDatabase(pgServer.createDb, "bench_analytics");
  process.env.DATABASE_URL = url;
  const { db } = await import("~/platform/db/db.ts");
  const { statsOverview, statsRealtime } = await import("~/features/analytics/stats.ts");
  const { dailyReaders, firstWeekReaders } = await import("~/features/analytics/readers.ts");
  const now = new Date();
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const t0 = performance.now();
  await db.$executeRawUnsafe(rollupSql("analytics_daily", "day", "1 day"), today, 30, HITS / 30);
  await db.$executeRawUnsafe(rollupSql("analytics_hourly", "hour", "1 hour"), hour, 14 * 24, HITS / 720);
  await db.$executeRawUnsafe(
    `INSERT INTO analytics_hits (at, visitor, path, kind, slug, lang, referrer, utm_source, utm_campaign, device)
     SELECT $1::timestamptz - (random() * interval '48 hours'),
            substring(decode(md5((g % ($2::int / 3))::text), 'hex') from 1 for 16),
            '/noticias/pieza-' || (g % 2000), 'article', 'pieza-' || (g % 2000),
            CASE WHEN g % 10 = 0 THEN 'en' ELSE 'es' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE 'ref' || (g % 30) || '.example' END,
            CASE WHEN g % 7 = 0 THEN 'boletin' END, CASE WHEN g % 7 = 0 THEN 'semana-' || (g % 5) END,
            (ARRAY['desktop','mobile','tablet'])[1 + g % 3]
     FROM generate_series(1, $2::int) AS g`,
    now,
    Math.round(HITS / 15),
  );
  for (const t of ["analytics_hits", "analytics_hourly", "analytics_daily"])
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${t}`);
  console.log(
    `dataset shaped like ${HITS} hits over 30 days generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const pieces = Array.from({ length: 200 }, (_, i) => ({
    kind: "article" as const,
    slug: `pieza-${i}`,
    since: new Date(today.getTime() - (i % 30) * DAY),
  }));
  const queries: [string, () => Promise<unknown>][] = [
    ["overview 24 h", () => statsOverview(db, "24h", now)],
    ["overview 7 d", () => statsOverview(db, "7d", now)],
    ["overview 30 d", () => statsOverview(db, "30d", now)],
    ["real time (raw hits, 30 min)", () => statsRealtime(db, now)],
    ["readers of the week (Top 5)", () => dailyReaders(db, new Date(now.getTime() - 7 * DAY), now)],
    ["desk first-week readers, 200", () => firstWeekReaders(db, pieces)],
  ];
  for (const [name, run] of queries) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    console.log(
      `query ${name.padEnd(30)} median ${pct(times, 0.5).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
  }
  const sizes = await db.$queryRawUnsafe<{ name: string; mb: number; rows: bigint }[]>(
    `SELECT t AS name, pg_total_relation_size(t)::float / 1048576 AS mb,
            (xpath('/row/c/text()', query_to_xml('SELECT count(*) AS c FROM ' || t, false, true, '')))[1]::text::bigint AS rows
     FROM unnest(ARRAY['analytics_hits', 'analytics_hourly', 'analytics_daily', 'analytics_salts']) AS t`,
  );
  for (const s of sizes) console.log(`storage ${s.name.padEnd(18)} ${s.mb.toFixed(1)} MB, ${s.rows} rows`);
  console.log(`storage total ${sizes.reduce((a, s) => a + s.mb, 0).toFixed(1)} MB`);
  await db.$disconnect();
  await pgServer.server?.stop();
}

async function main() {
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}; ${new Date().toISOString()}; load ${load()}`);
  beaconBytes();
  if (process.env.HTTP !== "0") await ingestOverHttp();
  if (process.env.DASHBOARD !== "0") await dashboard();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
