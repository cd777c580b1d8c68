import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "~/platform/db/embedded-postgres.ts";

const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");

/** Polls `url` until it answers; gives up early when `child` (the process meant to serve it) has exited. */
export async function waitFor(url: string, timeoutMs = 10 * 60_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: its server exited (code ${child.exitCode})`);
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

/**
 * A PostgreSQL of a bench's own (.data/bench-<name>-pg) with the site's `riesgos` database, for benches that
 * query it or stop and start it (fault injection); pass `url` to startSite as DATABASE_URL.
 */
export async function startBenchDatabase(name: string, port: number) {
  const opts = { dataDir: path.resolve(`.data/bench-${name}-pg`), port, persistent: true };
  let handle = await startEmbeddedPostgres(opts);
  await handle.createDatabase("riesgos");
  return {
    url: handle.urlFor("riesgos"),
    stop: () => handle.stop(),
    start: async () => {
      handle = await startEmbeddedPostgres(opts);
    },
  };
}

/**
 * The site, production build, through the real launcher on its own embedded database. `name` keeps a bench's
 * database and log apart from the others' (defaults: .data/bench-pg, site.log); the build (.next-bench) is
 * shared. `env.DATABASE_URL` runs it on a database the bench owns instead (to restart it, or query it).
 */
export async function startSite(
  port: number,
  opts: { name?: string; pgPort?: number; env?: Record<string, string> } = {},
) {
  const suffix = opts.name ? `-${opts.name}` : "";
  const child = startProcess(
    process.execPath,
    ["--import", "tsx", "scripts/start.ts"],
    {
      PORT: String(port),
      NODE_ENV: "production",
      // One build for every bench (built when missing or stale); a bench's own database and log.
      NEXT_DIST_DIR: process.env.BENCH_DIST_DIR ?? ".next-bench",
      EMBEDDED_PG_DIR: path.resolve(`.data/bench-pg${suffix}`),
      EMBEDDED_PG_PORT: String(opts.pgPort ?? 54398),
      DATABASE_URL: "",
      // Required in production on a database of the bench's own (env.DATABASE_URL), as on every real instance.
      NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-bench",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      SITE_URL: `http://127.0.0.1:${port}`,
      // The load generators play many readers behind one proxy (X-Forwarded-For per simulated client).
      TRUSTED_PROXY_HOPS: "1",
      ...opts.env,
    },
    `bench/results/site${suffix}.log`,
  );
  // A first start builds the site: on a loaded machine that alone can take longer than the default wait.
  await waitFor(
    `http://127.0.0.1:${port}/api/trpc/health.check`,
    Number(process.env.BENCH_START_TIMEOUT_MS) || undefined,
    child,
  );
  return child;
}

/**
 * A bare "hello" Next.js app, same Next.js version: bench/hello-next (prerendered, the framework's ceiling)
 * or bench/hello-dyn (rendered per request, like the site's pages).
 */
export async function startHelloNext(port: number, app: "hello-next" | "hello-dyn" = "hello-next") {
  const dir = path.resolve("bench", app);
  const build = spawnSync(process.execPath, [NEXT_BIN, "build", dir], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("hello-next build failed");
  const child = startProcess(
    process.execPath,
    [NEXT_BIN, "start", dir, "-p", String(port)],
    { NODE_ENV: "production" },
    `bench/results/${app}.log`,
  );
  await waitFor(`http://127.0.0.1:${port}/`);
  return child;
}

/** bench/nginx.conf.template with its placeholders filled in, written to <prefix>/nginx.conf (returned). */
export function writeNginxConf(
  prefix: string,
  opts: { staticRoot: string; staticPort: number; cachePort: number; upstreamPort: number | number[] },
): string {
  const upstreams = Array.isArray(opts.upstreamPort) ? opts.upstreamPort : [opts.upstreamPort];
  fs.mkdirSync(path.join(prefix, "cache"), { recursive: true });
  fs.mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const template = path.resolve(import.meta.dirname, "../nginx.conf.template");
  const conf = fs
    .readFileSync(template, "utf8")
    .replaceAll("{{PREFIX}}", prefix)
    .replaceAll("{{STATIC_ROOT}}", path.resolve(opts.staticRoot))
    .replaceAll("{{STATIC_PORT}}", String(opts.staticPort))
    .replaceAll("{{CACHE_PORT}}", String(opts.cachePort))
    .replaceAll("{{UPSTREAM_SERVERS}}", upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n"));
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
  upstreamPort: number | number[];
  prefix?: string;
}) {
  const prefix = opts.prefix ?? path.resolve("bench/results/nginx");
  const confFile = writeNginxConf(prefix, opts);
  const child = startProcess(
    "nginx",
    ["-p", prefix, "-c", confFile, "-g", "daemon off;"],
    {},
    path.join(prefix, "nginx.log"),
  );
  await waitFor(`http://127.0.0.1:${opts.staticPort}/`);
  return child;
}
