import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsStale } from "./build-freshness.ts";
import { ensureDatabase } from "./database.ts";
import { superviseFediverseProcess } from "./fediverse-supervisor.ts";
import { DATA_DIR, prepareRuntime } from "./prepare-runtime.ts";
import { bundleProcesses, type ProcessName, processBundle, processBundlesAreStale } from "./process-bundles.ts";
import { processLog as log, scopedProcessLog } from "./process-log.mjs";
import { superviseSendProcess } from "./send-supervisor.ts";

/**
 * `npm start` / `npm run dev`: database (embedded unless DATABASE_URL), migrations, seed, first admin, then
 * Next.js (scripts/serve.ts: Next's server and the beacon's hits, building first when the build is missing or
 * older than the sources; or `next dev`)
 * and, beside it, the newsletter send's own process (scripts/send-supervisor.ts) and the fediverse's deliveries'
 * (scripts/fediverse-supervisor.ts).
 */
const dbLog = scopedProcessLog("db");
const siteLog = scopedProcessLog("site");
const sendLog = scopedProcessLog("send");
const fediverseLog = scopedProcessLog("fediverse");
const mode = process.argv[2] === "dev" ? "dev" : "start";
/** `database`: only the database phase (start, migrate), held until a signal: to run scripts against it. */
const databaseOnly = process.argv[2] === "database";
if (mode === "start") (process.env as Record<string, string>).NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// V8's compiled code kept on disk (Node's module compile cache): every later start of this launcher, Next's
// server and the send's and fediverse's processes (they inherit the variable) skips compiling what it loaded
// before, a fifth of the server's start (bench/README.md, "Server start"). Entries are checked against the source.
process.env.NODE_COMPILE_CACHE ||= path.resolve("node_modules/.cache/node-compile-cache");
module.enableCompileCache(process.env.NODE_COMPILE_CACHE);
/** Tells next.config.mjs that this build only serves the site (see serveOnlyBuild there). */
const START_BUILD_FLAG = "SERVE_ONLY_BUILD";

async function main() {
  const env = await prepareRuntime();
  const { url, embedded } = await ensureDatabase(env);
  if (databaseOnly) return holdDatabase(embedded);
  // Loaded once .env is in the environment (they read src/platform/env), and not by the database phase alone.
  const [
    { createPrismaClient },
    { readDatabaseId },
    { loadSeed },
    { ensureAdmin },
    { announceAdmin },
    { fediverseEnabled },
  ] = await Promise.all([
    import("~/platform/db/client.ts"),
    import("~/platform/db/database-id.ts"),
    import("../seed/load.ts"),
    import("~/features/users/ensure-admin.ts"),
    import("./admin-announce.ts"),
    import("~/features/fediverse/settings.ts"),
  ]);

  const db = createPrismaClient(url);
  const counts = await loadSeed(db);
  const inserted = Object.entries(counts).filter(([, n]) => n > 0);
  scopedProcessLog("seed").info(
    inserted.length ? `inserted ${inserted.map(([k, n]) => `${n} ${k}`).join(", ")}` : "content present",
  );
  const admin = await ensureAdmin(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  // Read once, here: the server's cache keys what it stores on it (src/platform/cache/namespace.mjs), so no
  // page rendered from another database (a copy, a restore) is served from Redis.
  process.env.DATABASE_ID = await readDatabaseId(db);
  await db.$disconnect();
  dbLog.info(`database id ${process.env.DATABASE_ID}`);
  const adminLog = scopedProcessLog("admin");
  announceAdmin(admin, DATA_DIR, { isTTY: Boolean(process.stdout.isTTY), log: (line) => adminLog.info(line) });

  const port = process.env.PORT ?? "3000";
  process.env.PORT = port; // the default origin (no SITE_URL) is http://localhost:$PORT
  const next = path.resolve("node_modules/next/dist/bin/next");
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (mode === "start" && buildIsStale(distDir)) {
    log.child({ scope: "build" }).info("building the production site (next build)…");
    // SITE_URL is read at run time only: the build never sees it, so nothing can bake it in. Nor the shared
    // cache: what the build renders must not reach the pages of servers running another build.
    const { SITE_URL: _site, REDIS_URL: _redis, DATABASE_ID: _database, ...runtimeFree } = process.env;
    // A build for serving only (next.config.mjs): no type-check (`npm test` and CI run tsc first), no
    // Turbopack cache written for a rebuild that may never come.
    const buildEnv = { ...runtimeFree, [START_BUILD_FLAG]: "1" };
    const r = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: buildEnv });
    if (r.status !== 0) {
      await embedded?.stop();
      process.exit(r.status ?? 1);
    }
  }
  if (mode === "start" && processBundlesAreStale(distDir)) {
    log.child({ scope: "build" }).info("bundling the site's own processes (server, send, fediverse)…");
    await bundleProcesses(distDir);
  }
  // Production runs the bundles (plain JavaScript); `npm run dev` the sources through tsx.
  const script = (name: ProcessName) => (mode === "start" ? processBundle(distDir, name) : undefined);
  // The data cache of public reads (each feature's cache.ts) must not outlive the server: its
  // entries on disk may come from another database, and the tag expiries that guard them live in memory.
  fs.rmSync(path.resolve(distDir, "cache", "fetch-cache"), {
    recursive: true,
    force: true,
  });
  // The preload rewrites X-Forwarded-For to the one client address it trusts (TRUSTED_PROXY_HOPS) before
  // Next sees a request, and sets the server's header and request timeouts; NODE_OPTIONS carries it into the
  // server processes `next` forks.
  const preload = pathToFileURL(path.resolve("scripts/server-preload.mjs")).href;
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim();
  // The newsletter send runs in a process of its own unless the operator keeps it in the server (the one
  // default is src/platform/env's).
  const sendProcess = env.NEWSLETTER_SEND_PROCESS;
  const ready = `http://127.0.0.1:${port}/api/trpc/health.check`;
  const sender =
    sendProcess === "own"
      ? superviseSendProcess(process.env, (l) => sendLog.info(l), ready, script("send"))
      : undefined;
  // Likewise the fediverse's deliveries, at a lower CPU priority than the pages (FEDIVERSE_PROCESS); none on a
  // site that does not federate, where that process would load its modules only to exit.
  const federates = fediverseEnabled();
  if (env.FEDIVERSE_PROCESS === "own" && !federates)
    fediverseLog.info("no process for deliveries: the site does not federate (FEDIVERSE, SITE_URL)");
  const deliverer =
    env.FEDIVERSE_PROCESS === "own" && federates
      ? superviseFediverseProcess(process.env, (l) => fediverseLog.info(l), ready, script("fediverse"))
      : undefined;
  // Production: scripts/serve.ts's bundle (Next.js behind a server that answers the beacon's hits itself); dev:
  // `next dev`.
  const server = mode === "start" ? [processBundle(distDir, "serve")] : [next, mode, "-p", port];
  const child = spawn(process.execPath, server, {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      TRUSTED_PROXY_HOPS: String(env.TRUSTED_PROXY_HOPS),
      HTTP_HEADERS_TIMEOUT_MS: String(env.HTTP_HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(env.HTTP_REQUEST_TIMEOUT_MS),
    },
  });
  siteLog.info(`http://localhost:${port}/ (es) · http://localhost:${port}/en (en)`);
  const shutdown = (signal: NodeJS.Signals) => {
    child.kill(signal);
    void sender?.stop(signal);
    void deliverer?.stop(signal);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  child.on("exit", async (code) => {
    // The send's process stops (its running batch ends and is stored) before the database it writes to.
    await Promise.race([
      Promise.all([sender?.stop("SIGTERM"), deliverer?.stop("SIGTERM")]),
      new Promise((r) => setTimeout(r, 15_000)),
    ]);
    await embedded?.stop().catch(() => {});
    process.exit(code ?? 0);
  });
}

function holdDatabase(embedded: { stop(): Promise<void> } | undefined) {
  dbLog.info("database ready");
  const stop = () => void embedded?.stop().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  setInterval(() => {}, 60_000);
}

main().catch((err) => {
  log
    .child({ scope: "start" })
    .fatal({ err }, err instanceof Error ? err.message : `failed with no reason given (${String(err)})`);
  process.exit(1);
});
