import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { startHelloNext, startSite, stop } from "./lib/servers.ts";
import { median } from "./lib/wrk.ts";

/**
 * Lighthouse (issue "Benchmarks", front-end weight): home and an article, mobile preset (Lighthouse's default:
 * Moto G Power emulation, simulated slow 4G and 4× CPU throttling), Debian Chromium, RUNS runs per page.
 * Prints the median score per category and of the key metrics, and every audit that failed in any run;
 * saves the JSON reports under bench/results/lighthouse/. Goal: performance ≥ 95, the others 100.
 *
 *   npx tsx bench/lighthouse.ts                  # builds and starts the site on its own embedded DB
 *   npx tsx bench/lighthouse.ts http://host:port # an already running site
 *   BEFORE=http://host:port2 npx tsx bench/lighthouse.ts http://host:port  # and another build of it, interleaved
 *
 * The bare Next.js page, prerendered (bench/hello-next: the framework alone, served from its cache as the reader
 * pages are) and rendered per request (bench/hello-dyn, as the per-request pages are), is audited in the same
 * interleaved runs: what this machine allows at this load (ANCHOR=0 skips both).
 */
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 3320;
const OUT_DIR = "bench/results/lighthouse";
const CATEGORIES = ["performance", "accessibility", "seo", "best-practices"] as const;
const METRICS = [
  ["FCP", "first-contentful-paint", "ms"],
  ["LCP", "largest-contentful-paint", "ms"],
  ["TBT", "total-blocking-time", "ms"],
  ["CLS", "cumulative-layout-shift", ""],
  ["SI", "speed-index", "ms"],
] as const;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];

async function firstArticlePath(base: string): Promise<string> {
  const html = await fetch(`${base}/`).then((r) => r.text());
  const slug = html.match(/href="\/noticias\/([a-z0-9-]+)"/)?.[1];
  if (slug) return `/noticias/${slug}`;
  // Home without article links (empty database): fall back to the seed's first article.
  const seed = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
  return `/noticias/${seed[0]!.slug}`;
}

/**
 * One Lighthouse run in a fresh Chromium (no cache or storage carried over between runs). On a loaded machine
 * the trace is sometimes unusable (NO_NAVSTART, NO_FCP); such a run is retried once before giving up.
 */
async function audit(url: string, attempt = 1): Promise<Result> {
  try {
    return await auditOnce(url);
  } catch (err) {
    if (attempt >= 2) throw err;
    console.warn(`retrying ${url}: ${err instanceof Error ? err.message : String(err)}`);
    return audit(url, attempt + 1);
  }
}

async function auditOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

interface Failure {
  id: string;
  title: string;
  category: string;
  weight: number;
  runs: number;
  score: number;
  display: string;
}

/** Audits scoring below 1 in any run: the category they count in, their weight, how many runs they failed. */
function failures(lhrs: Result[]): Failure[] {
  const byId = new Map<string, Failure>();
  for (const lhr of lhrs) {
    for (const category of Object.values(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const a = lhr.audits[ref.id];
        if (!a || a.score === null || a.score >= 1) continue;
        const prev = byId.get(ref.id);
        const worst = !prev || a.score < prev.score;
        byId.set(ref.id, {
          id: ref.id,
          title: a.title,
          category: category.id,
          weight: ref.weight,
          runs: (prev?.runs ?? 0) + 1,
          score: worst ? a.score : prev.score,
          // The figure shown is the worst run's, matching the score.
          display: worst ? (a.displayValue ?? "") : prev.display,
        });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.category.localeCompare(b.category) || b.weight - a.weight);
}

function summarize(label: string, url: string, lhrs: Result[]) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round(median(lhrs.map((l) => (l.categories[c]?.score ?? 0) * 100)))]),
  );
  const metrics = Object.fromEntries(
    METRICS.map(([name, id]) => [name, median(lhrs.map((l) => l.audits[id]?.numericValue ?? Number.NaN))]),
  );
  const version = lhrs[0]?.lighthouseVersion;
  return { label, url, version, runs: lhrs.length, scores, metrics, failing: failures(lhrs) };
}

const fmtMetric = (v: number, unit: string) => (unit === "ms" ? `${Math.round(v)} ms` : v.toFixed(3));

async function main() {
  const given = process.argv[2]?.replace(/\/+$/, "");
  const site = given ? undefined : await startSite(PORT, { name: "lighthouse", pgPort: 54396 });
  const base = given ?? `http://127.0.0.1:${PORT}`;
  const anchor = process.env.ANCHOR === "0" ? undefined : await startHelloNext(PORT + 1, "hello-dyn");
  const prerendered = process.env.ANCHOR === "0" ? undefined : await startHelloNext(PORT + 2, "hello-next");
  try {
    // BEFORE=<url>: the same pages of another build (the change's base), audited in the same interleaved runs.
    const before = process.env.BEFORE?.replace(/\/+$/, "");
    const articlePath = await firstArticlePath(base);
    const pages: [string, string][] = [
      ["home", `${base}/`],
      ["article", `${base}${articlePath}`],
      ...(before
        ? ([
            ["home, before", `${before}/`],
            ["article, before", `${before}${articlePath}`],
          ] as [string, string][])
        : []),
      ...(anchor ? ([["bare Next.js page, per request", `http://127.0.0.1:${PORT + 1}/`]] as [string, string][]) : []),
      ...(prerendered
        ? ([["bare Next.js page, prerendered", `http://127.0.0.1:${PORT + 2}/`]] as [string, string][])
        : []),
    ];
    // First requests fill the data cache and warm the server; Lighthouse should not measure them.
    for (const [, url] of pages) for (let i = 0; i < 2; i++) await fetch(url).then((r) => r.text());
    fs.mkdirSync(OUT_DIR, { recursive: true });
    // Interleaved (each run audits every page in turn), so a change of load weighs on all pages alike.
    const lhrs = new Map<string, Result[]>(pages.map(([label]) => [label, []]));
    for (let i = 1; i <= RUNS; i++) {
      for (const [label, url] of pages) {
        const lhr = await audit(url);
        fs.writeFileSync(path.join(OUT_DIR, `${label.replace(/\W+/g, "-")}-${i}.json`), JSON.stringify(lhr));
        const line = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(" · ");
        console.log(`${label} run ${i}/${RUNS}: ${line}`);
        lhrs.get(label)!.push(lhr);
      }
    }
    const summaries = pages.map(([label, url]) => summarize(label, url, lhrs.get(label)!));

    const version = summaries[0]?.version ?? "?";
    // Simulated throttling scales the CPU time observed on this machine: a busy machine inflates TBT and LCP.
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\nLighthouse ${version}, mobile preset, medians of ${RUNS} runs, ${new Date().toISOString()}, ` +
        `${os.cpus().length} CPUs, load average ${load}`,
    );
    console.log(`| page | ${CATEGORIES.join(" | ")} | ${METRICS.map(([n]) => n).join(" | ")} |`);
    console.log(`|---|${CATEGORIES.map(() => "---:").join("|")}|${METRICS.map(() => "---:").join("|")}|`);
    for (const s of summaries) {
      const scores = CATEGORIES.map((c) => s.scores[c]).join(" | ");
      const metrics = METRICS.map(([n, , unit]) => fmtMetric(s.metrics[n]!, unit)).join(" | ");
      console.log(`| ${s.label} | ${scores} | ${metrics} |`);
    }
    for (const s of summaries) {
      console.log(`\nFailing audits — ${s.label} (${s.url}):`);
      if (!s.failing.length) console.log("  none");
      for (const f of s.failing) {
        const weight = f.weight ? `weight ${f.weight}` : "informational";
        const display = f.display ? ` — ${f.display}` : "";
        console.log(
          `  [${f.category}] ${f.title} (${f.id}; score ${f.score.toFixed(2)}, ${weight}, ${f.runs}/${RUNS} runs)${display}`,
        );
      }
    }
    fs.writeFileSync(
      path.join(OUT_DIR, "summary.json"),
      JSON.stringify({ date: new Date().toISOString(), runs: RUNS, loadavg: os.loadavg(), pages: summaries }, null, 2),
    );
  } finally {
    if (anchor) stop(anchor);
    if (prerendered) stop(prerendered);
    stop(site);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
