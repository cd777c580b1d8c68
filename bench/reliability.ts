import fs from "node:fs";
import { lostWrites, runMixedLoad, type Sample, summarise } from "./lib/mixed-load.ts";
import { startBenchDatabase, startSite, stop } from "./lib/servers.ts";

/**
 * Reliability under load (issue 8), against the production server over HTTP:
 *  1. "Load held": LOAD_SECONDS (60) of mixed traffic — public pages, newsletter signups, contact messages —
 *     then 0 5xx and 0 lost writes (every 2xx-acknowledged signup/message has its row).
 *  2. "Database fault": the same traffic while PostgreSQL is stopped for OUTAGE_SECONDS (3) and started
 *     again: writes meeting the outage get 503 + a clear message (never another 5xx), the server recovers by
 *     itself (first acknowledged write after PostgreSQL is back, goal ≤ 10 s), and no acknowledged write is
 *     lost. Public pages keep answering from the data cache meanwhile.
 * Usage: npm run bench:reliability   (the site runs on a PostgreSQL this script owns, so it can restart it)
 */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const FAULT_SECONDS = Number(process.env.FAULT_SECONDS ?? 30);
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 3);
const WORKERS = Number(process.env.WORKERS ?? 32);
const PORT = 3340;
const PG_PORT = 54391;

const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
const PAGES = ["/", `/noticias/${articles[0]!.slug}`, "/noticias", "/en", "/referentes", "/en/noticias"];

function rate(samples: Sample[], seconds: number) {
  return (samples.length / seconds).toFixed(0);
}

async function main() {
  const pg = await startBenchDatabase("reliability", PG_PORT);
  const databaseUrl = pg.url;
  const site = await startSite(PORT, {
    name: "reliability",
    env: {
      DATABASE_URL: databaseUrl,
      // The load comes from one address: lift the per-IP limits (their own behaviour is tested elsewhere).
      RATE_LIMIT_NEWSLETTER: "10000000/60",
      RATE_LIMIT_CONTACT: "10000000/60",
    },
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    // Warm the pages (data cache) before measuring.
    for (const p of PAGES) await fetch(`${base}${p}`).then((r) => r.text());

    console.log(`[1/2] ${LOAD_SECONDS}s of mixed traffic, ${WORKERS} workers…`);
    const load = await runMixedLoad({ baseUrl: base, pages: PAGES, seconds: LOAD_SECONDS, workers: WORKERS });
    const loadLost = await lostWrites(databaseUrl, load);
    const loadSummary = summarise(load);

    console.log(`[2/2] ${FAULT_SECONDS}s of mixed traffic, PostgreSQL down for ${OUTAGE_SECONDS}s from t=8s…`);
    let downAt = 0;
    let backAt = 0;
    let fault: Promise<void> = Promise.resolve();
    const faultSamples = await runMixedLoad({
      baseUrl: base,
      pages: PAGES,
      seconds: FAULT_SECONDS,
      workers: WORKERS,
      onTick: (t) => {
        if (t !== 8) return;
        fault = (async () => {
          await pg.stop();
          downAt = Date.now();
          await new Promise((r) => setTimeout(r, OUTAGE_SECONDS * 1000));
          await pg.start();
          backAt = Date.now();
        })();
      },
    });
    await fault;
    const faultLost = await lostWrites(databaseUrl, faultSamples);
    const faultSummary = summarise(faultSamples);
    const writes = faultSamples.filter((s) => s.kind !== "page");
    const during = writes.filter((s) => s.startedAt > downAt && s.at < backAt);
    const firstOk = writes.find((s) => s.startedAt >= backAt && s.status >= 200 && s.status < 300);
    const recovery = firstOk ? (firstOk.at - backAt) / 1000 : Number.NaN;
    const unclear = faultSamples.filter((s) => s.status === 503 && !/database is unavailable/i.test(s.error ?? ""));
    const pagesDuring = faultSamples.filter((s) => s.kind === "page" && s.startedAt > downAt && s.at < backAt);

    console.log(`\nReliability — ${WORKERS} concurrent clients, ${new Date().toISOString()}`);
    console.log("| check | figure | goal |");
    console.log("|---|---:|---|");
    console.log(`| mixed load: requests (req/s) | ${load.length} (${rate(load, LOAD_SECONDS)}) | |`);
    console.log(`| mixed load: acknowledged writes | ${loadSummary.acknowledgedWrites} | |`);
    console.log(
      `| mixed load: 5xx / connection errors | ${loadSummary.fiveXx} / ${loadSummary.connectionErrors} | 0 |`,
    );
    console.log(`| mixed load: lost writes | ${loadLost.length} | 0 |`);
    console.log(
      `| restart: writes during the outage → 503 | ${during.filter((s) => s.status === 503).length} of ${during.length} | all |`,
    );
    console.log(`| restart: 503 without the clear message | ${unclear.length} | 0 |`);
    console.log(
      `| restart: other 5xx / connection errors | ${faultSummary.non503FiveXx} / ${faultSummary.connectionErrors} | 0 |`,
    );
    console.log(
      `| restart: pages answered 200 during the outage | ${pagesDuring.filter((s) => s.status === 200).length} of ${pagesDuring.length} | |`,
    );
    console.log(`| restart: recovery after PostgreSQL is back | ${recovery.toFixed(2)} s | ≤ 10 s |`);
    console.log(
      `| restart: acknowledged writes / lost | ${faultSummary.acknowledgedWrites} / ${faultLost.length} | 0 lost |`,
    );
    console.log("\nstatuses (load):", JSON.stringify(loadSummary.statuses));
    console.log("statuses (restart):", JSON.stringify(faultSummary.statuses));
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync(
      "bench/results/reliability.json",
      JSON.stringify({ date: new Date().toISOString(), loadSummary, faultSummary, recovery }, null, 2),
    );
    const failed =
      loadSummary.fiveXx + loadLost.length + faultSummary.non503FiveXx + faultLost.length + unclear.length > 0 ||
      !(recovery <= 10);
    if (failed) process.exitCode = 1;
  } finally {
    stop(site);
    await new Promise((r) => setTimeout(r, 1000));
    await pg.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
