import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");

export async function waitFor(url: string, timeoutMs = 10 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not come up`);
}

export function startProcess(cmd: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, "w");
  return spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", log, log], detached: true });
}

export function stop(child: ChildProcess | undefined) {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

/** The site, production build, through the real launcher on its own embedded database. */
export async function startSite(port: number) {
  const child = startProcess(
    process.execPath,
    ["--import", "tsx", "scripts/start.ts"],
    {
      PORT: String(port),
      NODE_ENV: "production",
      NEXT_DIST_DIR: ".next-bench",
      EMBEDDED_PG_DIR: path.resolve(".data/bench-pg"),
      EMBEDDED_PG_PORT: "54398",
      DATABASE_URL: "",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    },
    "bench/results/site.log",
  );
  await waitFor(`http://127.0.0.1:${port}/api/trpc/health.check`);
  return child;
}

/** The bare "hello" Next.js app (bench/hello-next), same Next.js version. */
export async function startHelloNext(port: number) {
  const dir = path.resolve("bench/hello-next");
  const build = spawnSync(process.execPath, [NEXT_BIN, "build", dir], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("hello-next build failed");
  const child = startProcess(
    process.execPath,
    [NEXT_BIN, "start", dir, "-p", String(port)],
    { NODE_ENV: "production" },
    "bench/results/hello.log",
  );
  await waitFor(`http://127.0.0.1:${port}/`);
  return child;
}

/** bench/nginx.conf.template with its placeholders filled in, written to <prefix>/nginx.conf (returned). */
export function writeNginxConf(
  prefix: string,
  opts: { staticRoot: string; staticPort: number; cachePort: number; upstreamPort: number },
): string {
  fs.mkdirSync(path.join(prefix, "cache"), { recursive: true });
  fs.mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const template = path.resolve(import.meta.dirname, "../nginx.conf.template");
  const conf = fs
    .readFileSync(template, "utf8")
    .replaceAll("{{PREFIX}}", prefix)
    .replaceAll("{{STATIC_ROOT}}", path.resolve(opts.staticRoot))
    .replaceAll("{{STATIC_PORT}}", String(opts.staticPort))
    .replaceAll("{{CACHE_PORT}}", String(opts.cachePort))
    .replaceAll("{{UPSTREAM_PORT}}", String(opts.upstreamPort));
  const confFile = path.join(prefix, "nginx.conf");
  fs.writeFileSync(confFile, conf);
  return confFile;
}

/**
 * nginx (Debian package) on two ports: one serving saved HTML as static files, one as the shared cache in
 * front of the app (anonymous public pages for 60 s; see the template).
 */
export async function startNginx(opts: {
  staticRoot: string;
  staticPort: number;
  cachePort: number;
  upstreamPort: number;
}) {
  const prefix = path.resolve("bench/results/nginx");
  const confFile = writeNginxConf(prefix, opts);
  const child = startProcess(
    "nginx",
    ["-p", prefix, "-c", confFile, "-g", "daemon off;"],
    {},
    "bench/results/nginx.log",
  );
  await waitFor(`http://127.0.0.1:${opts.staticPort}/`);
  return child;
}
