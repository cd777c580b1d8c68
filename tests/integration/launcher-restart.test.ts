import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedPgHandle, startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { freePort } from "../setup/postgres.ts";

/**
 * The launcher's database phase (`scripts/start.ts database`: the same code `npm start` runs before Next.js, on
 * embedded PostgreSQL) after a crash: kill -9 of its whole process group (launcher and PostgreSQL), then a start
 * at once, each within 3× the first start measured here (a slow restart is one that waits on the crash: a lock
 * wait, a recovery that fsyncs file by file; the first start creates, migrates and seeds the cluster, a restart
 * only recovers, so the bound follows this machine's load rather than a fixed number of seconds); and a start on a data folder another live PostgreSQL holds, which must say why it cannot start.
 */
interface Launch {
  child: ChildProcess;
  output: () => string;
  /** Milliseconds from spawn to the database being ready, or the exit code when it stopped first. */
  outcome: Promise<{ readyAfterMs: number } | { exitCode: number | null }>;
}

/** The launcher's line once the database is migrated and seeded (JSON: its output is not a terminal). */
const READY = '"scope":"db","msg":"database ready"';

function launchDatabase(env: Record<string, string>): Launch {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "database"], {
    detached: true,
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NEXTAUTH_SECRET: "restart-test-secret-restart-test-secret-rt",
      ...env,
    },
  });
  let output = "";
  const outcome = new Promise<{ readyAfterMs: number } | { exitCode: number | null }>((resolve) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes(READY)) resolve({ readyAfterMs: Date.now() - startedAt });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (exitCode) => resolve({ exitCode }));
  });
  return { child, output: () => output, outcome };
}

async function kill9(launch: Launch) {
  if (launch.child.exitCode !== null || launch.child.signalCode !== null) return;
  const exited = new Promise((resolve) => launch.child.on("exit", resolve));
  // The whole group: the launcher and the PostgreSQL it started.
  killGroup(launch);
  await exited;
}

const launches: Launch[] = [];
const clusters: EmbeddedPgHandle[] = [];
/** SIGKILL to a launch's process group; a group already gone (ESRCH) is what we want, any other error is not. */
function killGroup(launch: Launch) {
  if (!launch.child.pid) return;
  try {
    process.kill(-launch.child.pid, "SIGKILL");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
  }
}

afterAll(async () => {
  // A child killed by a signal keeps exitCode null (signalCode is set): only one with neither may still run.
  for (const l of launches) if (l.child.exitCode === null && l.child.signalCode === null) killGroup(l);
  for (const c of clusters) await c.stop();
});

describe("launcher start after a crash", () => {
  it("starts again at once after kill -9, twenty times, each start within 3× the first start", async () => {
    const dataDir = tempDataDir("riesgos-restart-");
    const env = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-restart-data-")),
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    const first = launchDatabase(env);
    launches.push(first);
    const firstOutcome = await first.outcome;
    expect(firstOutcome, first.output()).toHaveProperty("readyAfterMs");
    const firstStartMs = "readyAfterMs" in firstOutcome ? firstOutcome.readyAfterMs : Number.NaN;
    let previous = first;
    const starts: number[] = [];
    for (let cycle = 1; cycle <= 20; cycle++) {
      await kill9(previous);
      const next = launchDatabase(env);
      launches.push(next);
      const outcome = await next.outcome;
      expect(outcome, `start ${cycle}:\n${next.output()}`).toHaveProperty("readyAfterMs");
      if ("readyAfterMs" in outcome) starts.push(outcome.readyAfterMs);
      previous = next;
    }
    await kill9(previous);
    expect(starts).toHaveLength(20);
    expect(
      starts.filter((ms) => ms > 3 * firstStartMs),
      `first start ${firstStartMs} ms`,
    ).toEqual([]);
  }, 600_000);

  it("refuses a data folder a live PostgreSQL holds, with PostgreSQL's own reason", async () => {
    const dataDir = tempDataDir("riesgos-held-");
    clusters.push(await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false }));
    const launch = launchDatabase({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-held-data-")),
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    launches.push(launch);
    expect(await launch.outcome).toEqual({ exitCode: 1 });
    expect(launch.output()).toMatch(/lock file \\?"postmaster\.pid\\?" already exists/);
    expect(launch.output()).not.toContain("undefined");
    // The live cluster's lock file is left alone.
    expect(fs.existsSync(`${dataDir}/postmaster.pid`)).toBe(true);
  }, 120_000);
});
