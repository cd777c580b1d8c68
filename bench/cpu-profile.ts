/**
 * Where the server's CPU goes under load: the site started with `node --cpu-prof` (through the launcher, so
 * every Node process writes a profile on exit), wrk on one page for SECONDS, then the profiles' self time
 * summed by area (which file each sampled function lives in). Usage:
 *
 *   npm run bench:profile -- / /noticias /noticias/<slug>     (SECONDS=20 CONNECTIONS=8 by default)
 *
 * The areas are read from file paths and function names of the production bundles, so they are approximate:
 * Next's app-page runtime holds React's server renderer (HTML), its RSC (Flight) serialiser and Next's own
 * rendering in one minified file, told apart by function names where they survive.
 */
import fs from "node:fs";
import path from "node:path";
import { startSite, stop } from "./lib/servers.ts";
import { wrk } from "./lib/wrk.ts";

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const SECONDS = Number(process.env.SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const PORT = 3320;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];

const AREAS: [string, RegExp][] = [
  ["GC", /^\(garbage collector\)$/],
  ["idle", /^\((idle|program)\)$/],
  ["proxy (src/proxy.ts, next-intl middleware, CSP)", /middleware|proxy/],
  ["data reads (cache, superjson, Prisma, pg)", /superjson|prisma|[/\\]pg[/\\]|incremental-cache|file-system-cache/],
  ["next-intl / intl-messageformat", /next-intl|use-intl|intl-messageformat|formatjs/],
  ["React + RSC + Next render (app-page runtime)", /app-page.*runtime|react-server-dom|react-dom/],
  ["Next server (routing, base server, compression)", /next[/\\]dist[/\\]/],
  ["our app code (server chunks)", /\.next[^/\\]*[/\\]server[/\\]/],
  ["Node internals (streams, http, zlib)", /^node:|^$/],
];

function areaOf(frame: Node["callFrame"]): string {
  const key = frame.url || frame.functionName;
  for (const [name, re] of AREAS) if (re.test(key) || (frame.url === "" && re.test(frame.functionName))) return name;
  return "other";
}

function summarise(dir: string) {
  const totals = new Map<string, number>();
  let all = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const area = areaOf(byId.get(id)!.callFrame);
      const us = profile.timeDeltas[i] ?? 0;
      totals.set(area, (totals.get(area) ?? 0) + us);
      if (area !== "idle") all += us;
    });
  }
  return [...totals.entries()]
    .filter(([a]) => a !== "idle")
    .sort((a, b) => b[1] - a[1])
    .map(([area, us]) => ({ area, share: us / all, seconds: us / 1e6 }));
}

for (const p of paths) {
  const dir = path.resolve("bench/results/profiles", p.replace(/\W+/g, "_") || "home");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const site = await startSite(PORT, { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } });
  const url = `http://127.0.0.1:${PORT}${p}`;
  wrk("warm-up", url, { seconds: 3, connections: CONNECTIONS });
  const r = wrk(p, url, { seconds: SECONDS, connections: CONNECTIONS });
  stop(site); // Next exits on SIGTERM through its own handler, so each process writes its profile
  await new Promise((resolve) => setTimeout(resolve, 5000)); // profiles are written on exit
  console.log(`\n${p}: ${r.rps.toFixed(0)} req/s at ${CONNECTIONS} connections; self time by area (idle excluded)`);
  console.log("| area | share | s |\n|---|---:|---:|");
  for (const row of summarise(dir))
    console.log(`| ${row.area} | ${(row.share * 100).toFixed(1)} % | ${row.seconds.toFixed(1)} |`);
}
