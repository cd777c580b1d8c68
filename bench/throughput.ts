import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startHelloNext, startNginx, startSite, stop } from "./lib/servers.ts";
import { type LoadResult, median, wrk } from "./lib/wrk.ts";

/**
 * Page throughput: the production site under wrk on home, a cached article, /noticias and /metodologia (the
 * layout around a page of text: the floor of any page of the site), side by side with a bare Next.js "hello"
 * page (prerendered: the framework's ceiling; and rendered per request, as the site's nonce-CSP pages are: the
 * framework's floor for them) and the same article HTML served by nginx as a static file, plus home and the
 * article through the documented nginx shared cache. Medians of RUNS runs of SECONDS seconds at each
 * of CONNECTIONS. Usage: npm run bench:throughput  (RUNS=3 SECONDS=30 CONNECTIONS=8,64 by default)
 * COMPARE_URL=http://host:port adds home, the article and /noticias of another running build (e.g. the commit
 * before a change, started with `npm start` from its own clone) to the same interleaved runs. FAST_PATH_OFF=1 adds
 * the four reader pages of a second site on the same build started with PAGE_FAST_PATH=off (every page through
 * Next.js: scripts/page-fast-path.ts off), the server's page fast path measured against its absence in one run.
 */
const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 30);
const CONNECTIONS = (process.env.CONNECTIONS ?? "8,64").split(",").map(Number);
const COMPARE_URL = process.env.COMPARE_URL?.replace(/\/+$/, "");
const FAST_PATH_OFF = process.env.FAST_PATH_OFF === "1";
const PORTS = { site: 3310, hello: 3311, static: 3312, cache: 3313, helloDyn: 3314, fastPathOff: 3315 };

const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
const articlePath = `/noticias/${articles[0]!.slug}`;

async function main() {
  fs.mkdirSync("bench/results/static", { recursive: true });
  const site = await startSite(PORTS.site);
  const off = FAST_PATH_OFF ? await startWithoutFastPath() : undefined;
  const hello = await startHelloNext(PORTS.hello);
  const helloDyn = await startHelloNext(PORTS.helloDyn, "hello-dyn");
  const html = await fetch(`http://127.0.0.1:${PORTS.site}${articlePath}`).then((r) => r.text());
  fs.writeFileSync("bench/results/static/article.html", html);
  fs.writeFileSync("bench/results/static/article.html.gz", gzipSync(html, { level: 9 }));
  const nginx = await startNginx({
    staticRoot: "bench/results/static",
    staticPort: PORTS.static,
    cachePort: PORTS.cache,
    upstreamPort: PORTS.site,
  });
  try {
    const targets: [string, string][] = [
      ["home", `http://127.0.0.1:${PORTS.site}/`],
      ["article (cached page)", `http://127.0.0.1:${PORTS.site}${articlePath}`],
      ["/noticias", `http://127.0.0.1:${PORTS.site}/noticias`],
      ["/en article", `http://127.0.0.1:${PORTS.site}/en${articlePath}`],
      // The layout (header, footer, metadata, CSP) around a page of text: what any page of the site costs at least.
      ["/metodologia (layout + text)", `http://127.0.0.1:${PORTS.site}/metodologia`],
      ["bare Next.js hello", `http://127.0.0.1:${PORTS.hello}/`],
      ["bare Next.js hello, per request", `http://127.0.0.1:${PORTS.helloDyn}/`],
      ["nginx static article", `http://127.0.0.1:${PORTS.static}/article.html`],
      ["article via nginx cache", `http://127.0.0.1:${PORTS.cache}${articlePath}`],
      ["home via nginx cache", `http://127.0.0.1:${PORTS.cache}/`],
      ["/noticias via nginx cache", `http://127.0.0.1:${PORTS.cache}/noticias`],
      ["/en article via nginx cache", `http://127.0.0.1:${PORTS.cache}/en${articlePath}`],
      ...(off
        ? ([
            ["home, fast path off", `http://127.0.0.1:${PORTS.fastPathOff}/`],
            ["article, fast path off", `http://127.0.0.1:${PORTS.fastPathOff}${articlePath}`],
            ["/noticias, fast path off", `http://127.0.0.1:${PORTS.fastPathOff}/noticias`],
            ["/en article, fast path off", `http://127.0.0.1:${PORTS.fastPathOff}/en${articlePath}`],
          ] as [string, string][])
        : []),
      ...(COMPARE_URL
        ? ([
            ["home (compared build)", `${COMPARE_URL}/`],
            ["article (compared build)", `${COMPARE_URL}${articlePath}`],
            ["/noticias (compared build)", `${COMPARE_URL}/noticias`],
          ] as [string, string][])
        : []),
    ];
    // Warm every target (compiles, fills caches) before measuring.
    for (const [label, url] of targets) wrk(label, url, { seconds: 3, connections: 8 });
    const all: Record<number, ReturnType<typeof summarise>> = {};
    for (const connections of CONNECTIONS) all[connections] = measureAt(targets, connections);
    fs.writeFileSync(
      path.join("bench/results", "throughput.json"),
      JSON.stringify({ date: new Date().toISOString(), byConnections: all }, null, 2),
    );
  } finally {
    stop(nginx);
    stop(helloDyn);
    stop(hello);
    stop(off);
    stop(site);
  }
}

/**
 * The second site, on a copy of the build (each server keeps its stored pages in its build folder, and the
 * launcher empties them at start) and a database of its own, with every page request going to Next.js.
 */
function startWithoutFastPath() {
  const dist = process.env.BENCH_DIST_DIR ?? ".next-bench";
  const copy = `${dist}-fast-path-off`;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(dist, copy, { recursive: true, preserveTimestamps: true });
  return startSite(PORTS.fastPathOff, {
    name: "fast-path-off",
    pgPort: 54397,
    env: { PAGE_FAST_PATH: "off", NEXT_DIST_DIR: copy },
  });
}

/** RUNS runs of every target at one connection count (interleaved, so noise spreads evenly); prints the table. */
function measureAt(targets: [string, string][], connections: number) {
  const runs = new Map<string, LoadResult[]>();
  for (let i = 0; i < RUNS; i++) {
    for (const [label, url] of targets) {
      const r = wrk(label, url, { seconds: SECONDS, connections });
      runs.set(label, [...(runs.get(label) ?? []), r]);
      console.log(
        `c${connections} run ${i + 1}/${RUNS} ${label}: ${r.rps.toFixed(0)} req/s p50 ${r.p50ms}ms p99 ${r.p99ms}ms`,
      );
    }
  }
  const summary = summarise(runs);
  const get = (l: string) => summary.find((s) => s.label === l)!;
  const hello = get("bare Next.js hello").rps;
  const helloDyn = get("bare Next.js hello, per request").rps;
  const stat = get("nginx static article").rps;
  console.log(
    `\nPage throughput — ${connections} connections, ${SECONDS}s × ${RUNS} runs (medians), ${new Date().toISOString()}`,
  );
  const helloP99 = get("bare Next.js hello").p99ms;
  console.log(
    "| target | req/s | p50 ms | p99 ms | errors | × hello | p99 × hello's | × hello per request | × static |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of summary) {
    console.log(
      `| ${s.label} | ${s.rps.toFixed(0)} | ${s.p50ms.toFixed(2)} | ${s.p99ms.toFixed(2)} | ${s.errors} | ${(s.rps / hello).toFixed(2)} | ${(s.p99ms / helloP99).toFixed(2)} | ${(s.rps / helloDyn).toFixed(2)} | ${(s.rps / stat).toFixed(3)} |`,
    );
  }
  return summary;
}

function summarise(runs: Map<string, LoadResult[]>) {
  return [...runs.entries()].map(([label, rs]) => ({
    label,
    rps: median(rs.map((r) => r.rps)),
    p50ms: median(rs.map((r) => r.p50ms)),
    p99ms: median(rs.map((r) => r.p99ms)),
    errors: rs.reduce((a, r) => a + r.errors + r.non2xx, 0),
  }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
