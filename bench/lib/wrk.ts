import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";

export interface LoadResult {
  label: string;
  url: string;
  rps: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  non2xx: number;
}

const toMs = (v: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
};

type WrkOptions = { seconds: number; connections: number; threads?: number };

const wrkArgs = (url: string, opts: WrkOptions) => [
  `-t${opts.threads ?? 2}`,
  `-c${opts.connections}`,
  `-d${opts.seconds}s`,
  "--latency",
  "-H",
  "Accept-Encoding: gzip",
  url,
];

/** Runs wrk (Debian package) against one URL and parses req/s, p50/p99 latency and errors. */
export function wrk(label: string, url: string, opts: WrkOptions): LoadResult {
  const out = execFileSync("wrk", wrkArgs(url, opts), { encoding: "utf8", maxBuffer: 10 * 1024 * 1024 });
  return parseWrk(label, url, out);
}

/** The same without blocking this process (a bench that also serves requests meanwhile, e.g. fake inboxes). */
export async function wrkAsync(label: string, url: string, opts: WrkOptions): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)("wrk", wrkArgs(url, opts), {
    encoding: "utf8",
    maxBuffer: 10 * 1024 * 1024,
  });
  return parseWrk(label, url, stdout);
}

function parseWrk(label: string, url: string, out: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "");
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { label, url, rps, p50ms: p50, p99ms: p99, errors, non2xx };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
