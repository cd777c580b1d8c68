import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processAlive } from "../../src/platform/db/embedded-lock.ts";

/**
 * One temporary folder per test run, removed when the run's process exits. Every process the run starts (its
 * workers, servers, databases, browsers) inherits it as TMPDIR, so what a test leaves in `os.tmpdir()` (a data
 * folder, a copy of the migrations, a Redis socket) goes with the run instead of piling up in /tmp, where a day
 * of runs had left some 900 folders (4.4 GB), among them a 66 MB PostgreSQL cluster per run.
 */
export const RUN_DIR_PREFIX = "riesgos-test-run-";

const ownerPid = (name: string) => Number(name.slice(RUN_DIR_PREFIX.length).split("-")[0]);

/** Removes the folders of earlier runs whose process is gone (a run killed before its exit handler ran). */
export function sweepStaleRunDirs(base: string) {
  const removed: string[] = [];
  for (const name of fs.readdirSync(base)) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const pid = ownerPid(name);
    if (!Number.isInteger(pid) || pid <= 0 || processAlive(pid)) continue;
    fs.rmSync(path.join(base, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Gives this process a run folder of its own as TMPDIR, once (a config read again in the same process keeps
 * it), and removes it at exit. The folder is open to every user as /tmp is: the embedded PostgreSQL runs as
 * `postgres` in data folders the tests make there.
 */
export function claimRunTempDir(base = os.tmpdir()) {
  const current = process.env.TMPDIR;
  if (current && path.basename(current).startsWith(`${RUN_DIR_PREFIX}${process.pid}-`)) return current;
  sweepStaleRunDirs(base);
  const dir = fs.mkdtempSync(path.join(base, `${RUN_DIR_PREFIX}${process.pid}-`));
  fs.chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
