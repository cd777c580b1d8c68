/**
 * Search and /noticias lists at scale: a throwaway embedded PostgreSQL, migrated, with the bundled seed plus
 * N generated bilingual articles (bench/lib/article-generator.ts), then the real service functions the site
 * calls — searchContent (/buscar, search.query) and listArticles / listArticleFacets (/noticias,
 * articles.list) — timed on realistic queries. Prints p50/p95/max per query and overall; flags searches
 * over the 20 ms p95 goal. Exits non-zero only on errors, never on a missed goal.
 *
 *   npx tsx bench/search-scale.ts [--count 100000] [--runs 50] [--warmup 5] [--explain] [--only <substring>]
 *                                 [--db <postgresql://… local database to reuse; seeded once>]
 *
 * --explain prints EXPLAIN (ANALYZE, BUFFERS) of the SQL behind the slowest queries.
 */
import os from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { listArticleFacets, listArticles } from "~/features/articles/reads.ts";
import type { ArticleListInput } from "~/features/articles/schema.ts";
import { PrismaClient } from "~/generated/prisma/client.ts";
import { createPrismaClient } from "~/platform/db/client.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { loadSeed } from "../seed/load.ts";
import { createMigratedDatabase, startTestPostgres } from "../tests/setup/postgres.ts";
import { COMMON_TAG, DEFAULT_END, entityNamesByFrequency, RARE_TAG } from "./lib/article-generator.ts";
import { insertGeneratedArticles } from "./lib/article-insert.ts";

const SEARCH_GOAL_MS = 20;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const COUNT = Number(arg("count") ?? 100_000);
const RUNS = Math.max(1, Number(arg("runs") ?? 50));
const WARMUP = Number(arg("warmup") ?? 5);
const EXPLAIN = process.argv.includes("--explain");
const ONLY = arg("only");
const REUSE_DB = arg("db");

type Db = ReturnType<typeof createPrismaClient>;
interface Case {
  group: "search" | "noticias";
  name: string;
  run: (db: Db) => Promise<number>;
}

// The search feature reaches the app's database module through the articles entry, which needs DATABASE_URL
// at import: it is loaded once main() has set it to the bench's own database.
const search =
  (q: string, locale: "es" | "en" = "es") =>
  async (db: Db) => {
    const { searchContent } = await import("~/features/search/search.ts");
    return (await searchContent(db, { q, locale })).length;
  };
// The generated dates end at DEFAULT_END: "now" is pinned there so the date filters select the same rows.
const list = (input: ArticleListInput) => async (db: Db) => (await listArticles(db, input, DEFAULT_END)).total;

// Invented organisation names: the 10th most mentioned is in ~5% of articles, the 50th in ~1%.
const entities = entityNamesByFrequency();

const CASES: Case[] = [
  { group: "search", name: "common word: riesgo", run: search("riesgo") },
  { group: "search", name: "common words: inteligencia artificial", run: search("inteligencia artificial") },
  { group: "search", name: "frequent word (25%): jailbreak", run: search("jailbreak") },
  { group: "search", name: `name in ~5%: ${entities[10]}`, run: search(entities[10]!) },
  { group: "search", name: `name in ~2.5%: ${entities[20]}`, run: search(entities[20]!) },
  { group: "search", name: `name in ~1%: ${entities[50]}`, run: search(entities[50]!) },
  { group: "search", name: "rare word: neuroderechos", run: search("neuroderechos") },
  { group: "search", name: "rare word, no accent: criptoanalisis", run: search("criptoanalisis") },
  {
    group: "search",
    name: "multi-word: evaluaciones de seguridad frontera",
    run: search("evaluaciones de seguridad frontera"),
  },
  { group: "search", name: "no accents: clonacion de voz", run: search("clonacion de voz") },
  { group: "search", name: 'phrase: "pérdida de control"', run: search('"pérdida de control"') },
  { group: "search", name: "English: safety evaluations (en)", run: search("safety evaluations", "en") },
  { group: "search", name: "English: voice cloning scams (en)", run: search("voice cloning scams", "en") },
  { group: "search", name: "no hit: zorblaxiano", run: search("zorblaxiano") },
  { group: "noticias", name: "no filter (first page)", run: list({ limit: 20 }) },
  { group: "noticias", name: "topic: regulacion", run: list({ topics: ["regulacion"] }) },
  {
    group: "noticias",
    name: "topics: 2 less common",
    run: list({ topics: ["riesgos-existenciales", "regulacion-politicas"] }),
  },
  { group: "noticias", name: "type: analisis", run: list({ type: "analisis" }) },
  { group: "noticias", name: "date: week", run: list({ date: "week" }) },
  { group: "noticias", name: "date: year", run: list({ date: "year" }) },
  { group: "noticias", name: `tag: ${COMMON_TAG} (common)`, run: list({ tags: [COMMON_TAG] }) },
  { group: "noticias", name: `tag: ${RARE_TAG} (rare)`, run: list({ tags: [RARE_TAG] }) },
  {
    group: "noticias",
    name: "combined: topic+type+month+tag",
    run: list({ topics: ["seguridad-alignment"], type: "analisis", date: "month", tags: ["alignment"] }),
  },
  { group: "noticias", name: "combined: topic+type", run: list({ topics: ["etica-sesgos"], type: "noticia" }) },
  { group: "noticias", name: "sort ascending", run: list({ sort: "asc" }) },
  { group: "noticias", name: "deep page (cursor 1000)", run: list({ cursor: 1000 }) },
  { group: "noticias", name: "topic, page 5 (cursor 80)", run: list({ topics: ["tecnica-modelos"], cursor: 80 }) },
  { group: "noticias", name: "facets (filter bar)", run: async (db) => (await listArticleFacets(db)).tags.length },
];

interface Result {
  group: Case["group"];
  name: string;
  hits: number;
  samples: number[];
  p50: number;
  p95: number;
  max: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const ms = (n: number) => n.toFixed(1);

async function seed(url: string) {
  const db = createPrismaClient(url);
  try {
    await loadSeed(db);
  } finally {
    await db.$disconnect();
  }
  const started = performance.now();
  let lastLog = 0;
  await insertGeneratedArticles(url, COUNT, {
    onProgress: (done) => {
      if (done - lastLog >= 10_000 || done === COUNT) {
        lastLog = done;
        process.stdout.write(`  ${done}/${COUNT} articles (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`seeded ${COUNT} articles in ${seconds.toFixed(1)} s (${(COUNT / seconds).toFixed(0)} rows/s)`);
  const t = performance.now();
  await withPg(url, (c) => c.query("VACUUM ANALYZE"));
  console.log(`VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function measure(db: Db, c: Case): Promise<Result> {
  let hits = 0;
  for (let i = 0; i < WARMUP; i++) hits = await c.run(db);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    hits = await c.run(db);
    samples.push(performance.now() - t);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    group: c.group,
    name: c.name,
    hits,
    samples,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1]!,
  };
}

function printTable(results: Result[]) {
  console.log("\n| group | query | hits/total | p50 ms | p95 ms | max ms | |");
  console.log("|---|---|---:|---:|---:|---:|---|");
  for (const r of results) {
    const flag = r.group === "search" && r.p95 > SEARCH_GOAL_MS ? `**over ${SEARCH_GOAL_MS} ms**` : "";
    console.log(`| ${r.group} | ${r.name} | ${r.hits} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${flag} |`);
  }
  for (const group of ["search", "noticias"] as const) {
    const all = results
      .filter((r) => r.group === group)
      .flatMap((r) => r.samples)
      .sort((a, b) => a - b);
    if (all.length)
      console.log(
        `| ${group} | **overall** (${all.length} runs) | | ${ms(quantile(all, 0.5))} | ${ms(quantile(all, 0.95))} | ${ms(all[all.length - 1]!)} | |`,
      );
  }
  const over = results.filter((r) => r.group === "search" && r.p95 > SEARCH_GOAL_MS);
  console.log(
    over.length
      ? `\nSearch goal (p95 ≤ ${SEARCH_GOAL_MS} ms) missed by ${over.length} of ${results.filter((r) => r.group === "search").length} queries.`
      : `\nSearch goal (p95 ≤ ${SEARCH_GOAL_MS} ms) met by every search query.`,
  );
}

/** Runs the case once through a client that reports its SQL, then EXPLAINs each statement it sent. */
async function explain(url: string, c: Case) {
  const queries: { query: string; params: unknown[] }[] = [];
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (e) => queries.push({ query: e.query, params: JSON.parse(e.params) as unknown[] }));
  try {
    await c.run(client as unknown as Db);
  } finally {
    await client.$disconnect();
  }
  console.log(`\n### EXPLAIN: ${c.group} — ${c.name}`);
  await withPg(url, async (pgClient) => {
    for (const q of queries) {
      if (/^\s*(BEGIN|COMMIT|ROLLBACK)/i.test(q.query)) continue;
      // Twice, showing the second: a new connection's first planning pays for loading the catalog caches.
      const sql = `EXPLAIN (ANALYZE, BUFFERS) ${q.query}`;
      await pgClient.query(sql, q.params as unknown[]);
      const { rows } = await pgClient.query<{ "QUERY PLAN": string }>(sql, q.params as unknown[]);
      const plan = rows.map((r) => r["QUERY PLAN"]);
      console.log(`\n${q.query.replace(/\s+/g, " ").slice(0, 160)}…`);
      console.log(plan.join("\n"));
    }
  });
}

async function main() {
  const pgServer = REUSE_DB ? null : await startTestPostgres();
  try {
    let url: string;
    if (REUSE_DB) {
      url = REUSE_DB;
      if (!["localhost", "127.0.0.1", "::1"].includes(new URL(url).hostname))
        throw new Error("--db must name a local database: the benchmark migrates and seeds it");
      await migrate(url);
      const { rows } = await withPg(url, (c) =>
        c.query<{ n: number }>(`SELECT count(*)::int AS n FROM "articles" WHERE id LIKE 'bench%'`),
      );
      if (rows[0]!.n === 0) await seed(url);
      else console.log(`reusing ${rows[0]!.n} generated articles in ${new URL(url).pathname.slice(1)}`);
    } else {
      url = await createMigratedDatabase(pgServer!.createDb, "bench_search");
      await seed(url);
    }
    process.env.DATABASE_URL = url;
    const db = createPrismaClient(url);
    const results: Result[] = [];
    try {
      for (const c of CASES) {
        if (ONLY && !c.name.includes(ONLY) && c.group !== ONLY) continue;
        const r = await measure(db, c);
        results.push(r);
        console.log(
          `${r.group.padEnd(8)} ${r.name.padEnd(48)} p50 ${ms(r.p50).padStart(7)}  p95 ${ms(r.p95).padStart(7)}`,
        );
      }
    } finally {
      await db.$disconnect();
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\nSearch and lists at scale — ${COUNT} generated articles, ${RUNS} runs after ${WARMUP} warm-up, ${new Date().toISOString()}, load average ${load}`,
    );
    printTable(results);
    if (EXPLAIN) {
      const worst = [...results].sort((a, b) => b.p95 - a.p95).slice(0, 4);
      for (const r of worst) await explain(url, CASES.find((c) => c.name === r.name)!);
    }
  } finally {
    await pgServer?.server?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
