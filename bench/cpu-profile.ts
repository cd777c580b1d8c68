/**
 * Where the server's CPU goes under load: the site started with `node --cpu-prof` (through the launcher, so
 * every Node process writes a profile on exit), wrk on one page for SECONDS, then the profiles' self time
 * summed by area (which file each sampled function lives in). Usage:
 *
 *   npm run bench:profile -- / /noticias /noticias/<slug>     (SECONDS=20 CONNECTIONS=8 by default)
 *   npm run bench:profile -- --summarise <dir>…                (the table of profiles written earlier)
 *
 * The areas are read from file paths and function names of the production bundles, so they are approximate:
 * Next's app-page runtime holds React's server renderer (HTML), its RSC (Flight) serialiser and Next's own
 * rendering in one minified file, told apart by function names where they survive.
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { startSite, stop } from "./lib/servers.ts";
import { wrk } from "./lib/wrk.ts";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const SECONDS = Number(process.env.SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const PORT = 3320;
const args = process.argv.slice(2);
const paths = args.length ? args : ["/"];

/**
 * Areas by the original source file of a frame (the server bundles' source maps: Next's app-page runtime holds
 * React's HTML renderer and its RSC serialiser in one minified file, which the maps tell apart). First match wins.
 */
const AREAS: [string, RegExp][] = [
  ["CSP nonce + headers (proxy)", /^app:src\/platform\/security\/(headers|csp)/],
  [
    "proxy (src/proxy.ts, next-intl routing, 404 check)",
    /^app:src\/(proxy|server\/|features\/seo\/page-exists)|next-intl\/dist\/.*middleware/,
  ],
  [
    "data reads (data cache, superjson, Prisma, pg)",
    /^app:src\/(platform\/(cache|db)|generated|features\/[^/]+\/(cache|reads)\.ts)|superjson|@prisma|prisma\/|\/pg\/|pg-protocol|incremental-cache|unstable-cache|response-cache|wasm:/,
  ],
  ["next-intl and our i18n formatting", /next-intl|use-intl|intl-messageformat|@formatjs|^app:src\/platform\/i18n/],
  ["job engine (pg-boss, cron)", /pg-boss|cron-parser|luxon/],
  ["React HTML render (Fizz)", /react-dom-server/],
  ["RSC serialisation (Flight)", /react-server-dom[^/]*\/cjs\/[^/]*-server\./],
  ["RSC payload decoded again for the HTML render", /react-server-dom[^/]*\/cjs\/[^/]*-client\./],
  ["React (elements, hooks)", /\/react\/|react\.production|react-jsx/],
  ["our pages and components", /^app:src\/(app|ui)\/|^app:src\/features\/[^/]+\/ui\//],
  ["our other server code", /^app:/],
  ["Next server (routing, app-page glue, streams, compression)", /next\/|next-server|turbopack/],
  ["other packages", /node_modules/],
];

/** The original source of a bundled frame, through the bundle's source map (Node's own SourceMap reader). */
const maps = new Map<string, SourceMap | null>();
function originalSource(frame: CallFrame): string {
  if (!frame.url.startsWith("file://")) return frame.url;
  let map = maps.get(frame.url);
  if (map === undefined) {
    const file = `${new URL(frame.url).pathname}.map`;
    map = fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, "utf8"))) : null;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const bundle = new URL(frame.url).pathname;
  const source = (entry && "originalSource" in entry && entry.originalSource) || bundle;
  // Relative sources are relative to the bundle; the project's own files are marked app:src/….
  const absolute = /^[a-z]+:/.test(source) ? source : path.resolve(path.dirname(bundle), source);
  const root = bundle.replace(/\/(\.next[^/]*|node_modules)\/.*$/, "");
  const project = absolute.replace(/^turbopack:\/\/\/\[project\]\//, `${root}/`);
  const relative = path.relative(root, project);
  return relative.startsWith("src/") ? `app:${relative}` : project;
}

const sourceArea = new Map<string, string | null>();
/** Self time per original source file (printed with SOURCES=n: the n largest, to check the areas). */
const bySource = new Map<string, number>();
/** The area of a frame, or null for Node internals and natives (their caller decides). */
function areaOfFrame(frame: CallFrame): string | null {
  if (!frame.url || frame.url.startsWith("node:")) return null;
  const source = originalSource(frame);
  let area = sourceArea.get(source);
  if (area === undefined) {
    area = AREAS.find(([, re]) => re.test(source))?.[0] ?? "other";
    sourceArea.set(source, area);
  }
  return area;
}

/** The wall-clock start of a profile, from its file name (CPU.YYYYMMDD.HHMMSS.pid…, local time). */
function profileStartMs(file: string): number {
  const m = /CPU\.(\d{4})(\d{2})(\d{2})\.(\d{2})(\d{2})(\d{2})\./.exec(file);
  if (!m) return 0;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, se).getTime();
}

/**
 * Self time of the samples taken inside `window` (wall clock: the measured load, not start-up or warm-up), each
 * charged to the innermost frame that is not a Node internal or native (so JSON.stringify inside the RSC
 * serialiser counts as RSC serialisation); GC and samples with no JavaScript caller are listed apart.
 */
function summarise(dir: string, window?: { from: number; to: number }) {
  const totals = new Map<string, number>();
  let all = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const areaOfNode = new Map<number, string>();
    const sourceOf = new Map<number, string>();
    const resolve = (id: number): string => {
      const known = areaOfNode.get(id);
      if (known) return known;
      const frame = byId.get(id)!.callFrame;
      let area: string;
      if (frame.functionName === "(garbage collector)") area = "GC";
      else if (frame.functionName === "(idle)" || frame.functionName === "(program)") area = "idle";
      else {
        const own = areaOfFrame(frame);
        if (own) sourceOf.set(id, originalSource(frame));
        const up = parent.get(id);
        area = own ?? (up === undefined ? "Node internals (no JavaScript caller)" : resolve(up));
        if (area === "idle" || area === "GC") area = "Node internals (no JavaScript caller)";
      }
      areaOfNode.set(id, area);
      return area;
    };
    const t0 = profileStartMs(file);
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      at += us;
      const wall = t0 + (at - profile.startTime) / 1000;
      if (window && (wall < window.from || wall > window.to)) return;
      const area = resolve(id);
      let src = id;
      while (!sourceOf.has(src) && parent.has(src)) src = parent.get(src)!;
      const key = `${area} ← ${sourceOf.get(src) ?? "-"}`;
      bySource.set(key, (bySource.get(key) ?? 0) + us);
      totals.set(area, (totals.get(area) ?? 0) + us);
      if (area !== "idle") all += us;
    });
  }
  return [...totals.entries()]
    .filter(([a]) => a !== "idle")
    .sort((a, b) => b[1] - a[1])
    .map(([area, us]) => ({ area, share: us / all, seconds: us / 1e6 }));
}

function printTable(dir: string, window?: { from: number; to: number }) {
  bySource.clear();
  console.log("| area | share | s |\n|---|---:|---:|");
  for (const row of summarise(dir, window))
    console.log(`| ${row.area} | ${(row.share * 100).toFixed(1)} % | ${row.seconds.toFixed(1)} |`);
  const top = Number(process.env.SOURCES ?? 0);
  for (const [key, us] of [...bySource.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1e6).toFixed(2)} s  ${key}`);
}

/** Profiles are written as the processes exit, which takes seconds on a loaded machine: wait until they settle. */
async function settledProfiles(dir: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  for (;;) {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
    const sizes = files.map((f) => `${f}:${fs.statSync(path.join(dir, f)).size}`).join(",");
    if (files.length > 0 && sizes === last) return;
    if (Date.now() > deadline) throw new Error(`${dir}: no complete CPU profile within ${timeoutMs / 1000} s`);
    last = sizes;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** Waits until no process of the group `pid` leads is left (each has written its profile by then). */
async function groupGone(pid: number | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (pid && Date.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

if (args[0] === "--summarise") {
  // Optional window (UTC ISO times or epoch ms): WINDOW=from,to
  const [from, to] = (process.env.WINDOW ?? "").split(",").map((t) => (/^\d+$/.test(t) ? Number(t) : Date.parse(t)));
  for (const dir of args.slice(1)) {
    console.log(`\n${dir}: self time by area (idle excluded)`);
    printTable(dir, from && to ? { from, to } : undefined);
  }
  process.exit(0);
}

for (const p of paths) {
  const dir = path.resolve("bench/results/profiles", p === "/" ? "home" : p.replace(/\W+/g, "_"));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // A database of its own, so it can run next to the other benches.
  const site = await startSite(PORT, {
    name: "profile",
    pgPort: 54396,
    env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` },
  });
  const url = `http://127.0.0.1:${PORT}${p}`;
  wrk("warm-up", url, { seconds: 3, connections: CONNECTIONS });
  // Only the measured load counts: start-up, module loading and the warm-up are left out by time.
  const from = Date.now() + 1000;
  const r = wrk(p, url, { seconds: SECONDS, connections: CONNECTIONS });
  const to = Date.now() - 1000;
  // Next exits on SIGTERM through its own handler, so each process writes its profile as it exits
  // (`next start` runs the server in a process of its own, so wait until the whole process group is gone).
  stop(site);
  await groupGone(site.pid, 180_000);
  await settledProfiles(dir);
  console.log(`\n${p}: ${r.rps.toFixed(0)} req/s at ${CONNECTIONS} connections; self time by area (idle excluded)`);
  console.log(`window ${new Date(from).toISOString()} – ${new Date(to).toISOString()}`);
  printTable(dir, { from, to });
}
