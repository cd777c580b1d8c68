/**
 * Analytics at scale, on a throwaway embedded PostgreSQL (migrated):
 *  1. ingest: RATE hits/s for SECONDS through the beacon's route handler (in process: the handler, its bot
 *     and session checks, the visitor hash and the batch buffer against PostgreSQL, no HTTP server): p50/p99
 *     of the handler, hits acknowledged (204) vs stored;
 *  2. dashboard: HITS raw hits spread over 30 days (generated in SQL), rolled up, then each admin query
 *     (24 h, 7 d, 30 d overviews, real time, readers of the week) timed, median of RUNS;
 *  3. storage of the rollups and of 48 hours of raw hits, in MB.
 * Usage: npm run bench:analytics  (RATE=300 SECONDS=60 HITS=10000000 RUNS=5 by default)
 */
import os from "node:os";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";

const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 60);
const HITS = Number(process.env.HITS ?? 10_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
const DAY = 86_400_000;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function main() {
  const pgServer = await startTestPostgres();
  const url = await createMigratedDatabase(pgServer.createDb, "bench_analytics");
  process.env.DATABASE_URL = url;
  const { db } = await import("~/platform/db/db.ts");
  const hitRoute = await import("~/app/api/analytics/hit/route.ts");
  const { flushHits, bufferedHits } = await import("~/features/analytics/hit-buffer.ts");
  const { rollUpEverything } = await import("~/features/analytics/rollup.ts");
  const { statsOverview, statsRealtime } = await import("~/features/analytics/stats.ts");
  const { dailyReaders } = await import("~/features/analytics/readers.ts");
  const count = async () =>
    Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM analytics_hits`)[0]!.n);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  // 1. Ingest at a steady rate, after one warm-up hit (the database connection and the day's salt).
  await hitRoute.POST(
    new Request("http://localhost/api/analytics/hit", {
      method: "POST",
      headers: { host: "localhost", "user-agent": UA, "x-forwarded-for": "192.0.2.1" },
      body: JSON.stringify({ p: "/" }),
    }),
  );
  await flushHits();
  await db.$executeRawUnsafe("TRUNCATE analytics_hits");
  const latencies: number[] = [];
  let acknowledged = 0;
  let shed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const req = new Request("http://localhost/api/analytics/hit", {
      method: "POST",
      headers: {
        host: "localhost",
        "user-agent": UA,
        "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ p: `/noticias/pieza-${i % 200}?utm_source=bench`, r: "https://news.example/" }),
    });
    const t0 = performance.now();
    pending.push(
      hitRoute.POST(req).then((res) => {
        latencies.push(performance.now() - t0);
        if (res.status === 204) acknowledged++;
        else shed++;
      }),
    );
  }
  await Promise.all(pending);
  await flushHits();
  const stored = await count();
  console.log(
    `ingest: ${RATE * SECONDS} hits at ${RATE}/s for ${SECONDS} s; handler p50 ${pct(latencies, 0.5).toFixed(2)} ms, p99 ${pct(latencies, 0.99).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(1)} ms; acknowledged ${acknowledged}, shed ${shed}, stored ${stored}, lost ${acknowledged - stored}, left in buffer ${bufferedHits()}`,
  );

  // 2. HITS hits over the 30 days before now, generated in SQL: 2,000 pages, 30 referrers, 5 campaigns.
  const now = new Date();
  const t1 = performance.now();
  await db.$executeRawUnsafe(`TRUNCATE analytics_hits`);
  await db.$executeRawUnsafe(
    `INSERT INTO analytics_hits (at, visitor, path, kind, slug, lang, referrer, utm_source, utm_campaign, device)
     SELECT $1::timestamptz - (random() * interval '30 days'),
            substring(decode(md5((g % ($2::int / 20))::text || (g / 50000)::text), 'hex') from 1 for 16),
            CASE WHEN g % 10 = 0 THEN '/en' ELSE '' END || '/noticias/pieza-' || (g % 2000),
            'article', 'pieza-' || (g % 2000), CASE WHEN g % 10 = 0 THEN 'en' ELSE 'es' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE 'ref' || (g % 30) || '.example' END,
            CASE WHEN g % 7 = 0 THEN 'boletin' END, CASE WHEN g % 7 = 0 THEN 'semana-' || (g % 5) END,
            (ARRAY['desktop','mobile','tablet'])[1 + g % 3]
     FROM generate_series(1, $2::int) AS g`,
    now,
    HITS,
  );
  const generated = performance.now() - t1;
  const t2 = performance.now();
  await rollUpEverything(db);
  const rolled = performance.now() - t2;
  console.log(
    `dataset: ${HITS} hits over 30 days generated in ${(generated / 1000).toFixed(0)} s, rolled up in ${(rolled / 1000).toFixed(0)} s`,
  );
  await db.$executeRawUnsafe("VACUUM ANALYZE analytics_hourly");
  await db.$executeRawUnsafe("VACUUM ANALYZE analytics_daily");
  await db.$executeRawUnsafe("VACUUM ANALYZE analytics_hits");
  const queries: [string, () => Promise<unknown>][] = [
    ["overview 24 h", () => statsOverview(db, "24h", now)],
    ["overview 7 d", () => statsOverview(db, "7d", now)],
    ["overview 30 d", () => statsOverview(db, "30d", now)],
    ["real time (raw hits, 30 min)", () => statsRealtime(db, now)],
    ["readers of the week (Top 5)", () => dailyReaders(db, new Date(now.getTime() - 7 * DAY), now)],
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

  // 3. Storage: the rollups as they stand, and the raw hits of 48 hours (what retention keeps).
  await db.$executeRaw`DELETE FROM analytics_hits WHERE at < ${new Date(now.getTime() - 2 * DAY)}`;
  await db.$executeRawUnsafe("VACUUM FULL analytics_hits");
  const sizes = await db.$queryRawUnsafe<{ name: string; mb: number; rows: bigint }[]>(
    `SELECT t AS name, pg_total_relation_size(t)::float / 1048576 AS mb,
            (xpath('/row/c/text()', query_to_xml('SELECT count(*) AS c FROM ' || t, false, true, '')))[1]::text::bigint AS rows
     FROM unnest(ARRAY['analytics_hits', 'analytics_hourly', 'analytics_daily', 'analytics_salts']) AS t`,
  );
  for (const s of sizes) console.log(`storage ${s.name.padEnd(18)} ${s.mb.toFixed(1)} MB, ${s.rows} rows`);
  await db.$disconnect();
  await pgServer.server?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
