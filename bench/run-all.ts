import { spawnSync } from "node:child_process";
import { startSite, stop } from "./lib/servers.ts";

/**
 * `npm run bench`: every benchmark of issue 8, one after another (they each load the 2 cores fully, so never
 * in parallel), each printing its own table. The site is built once (.next-bench) and reused by all.
 * Needs wrk and nginx (Debian packages) and Chromium for Lighthouse. `BENCH_ONLY=search,weight` runs a subset.
 */
const SITE_PORT = 3300;
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());

const run = (script: string, args: string[] = []) => {
  console.log(`\n━━ npm run ${script} ${args.join(" ")}`);
  const r = spawnSync("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    stdio: "inherit",
  });
  return { script, ok: r.status === 0 };
};

async function main() {
  const results: { script: string; ok: boolean }[] = [];
  const wants = (name: string) => !only || only.includes(name);

  // Front-end weight and Lighthouse read one started site.
  if (wants("weight") || wants("lighthouse")) {
    const site = await startSite(SITE_PORT);
    try {
      const url = `http://127.0.0.1:${SITE_PORT}`;
      if (wants("weight")) results.push(run("bench:weight", [url]));
      if (wants("lighthouse")) results.push(run("bench:lighthouse", [url]));
    } finally {
      stop(site);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  for (const name of ["throughput", "publish", "search", "newsletter", "job-crash", "reliability", "fediverse"]) {
    if (wants(name)) results.push(run(`bench:${name}`));
  }

  console.log("\n━━ summary");
  for (const r of results) console.log(`${r.ok ? "ok    " : "FAILED"} npm run ${r.script}`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
