import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processAlive } from "../../src/platform/db/embedded-lock.ts";

/**
 * Files that need the shared server to themselves (the seeded-site and whole-site projects) run one at a time,
 * in the order the sequencer writes down for the run, while the fast tiers' files run beside them:
 * the queue of their group hands them to any free worker, so each waits here for the files before it in that
 * order to end. A file has ended when it wrote so, or when the worker process it ran in is gone (a file that
 * failed to load writes nothing, and its worker is stopped). The folder is the run's own temporary folder
 * (tests/setup/run-temp-dir.ts), so no earlier run's marks are read.
 */
const turnsDir = () => path.join(os.tmpdir(), "shared-site-turns");
const orderFile = (dir: string) => path.join(dir, "order.json");
const mark = (dir: string, file: string, what: "started" | "ended") =>
  path.join(dir, `${file.replaceAll("/", "__")}.${what}`);

/** The sequencer's record of this run's one-at-a-time files, in the order they take their turns. */
export function writeTurnOrder(files: readonly string[], dir = turnsDir()) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(orderFile(dir), JSON.stringify(files));
}

function readOrder(dir: string): string[] {
  try {
    return JSON.parse(fs.readFileSync(orderFile(dir), "utf8")) as string[];
  } catch {
    return [];
  }
}

function hasEnded(dir: string, file: string): boolean {
  if (fs.existsSync(mark(dir, file, "ended"))) return true;
  const started = mark(dir, file, "started");
  return fs.existsSync(started) && !processAlive(Number(fs.readFileSync(started, "utf8")));
}

/**
 * Waits until every file before `file` in the run's order has ended. A file outside the order (run by a
 * sequencer that wrote none) waits for nothing.
 */
export async function takeTurn(file: string, { dir = turnsDir(), pid = process.pid, timeoutMs = 30 * 60_000 } = {}) {
  const order = readOrder(dir);
  const before = order.slice(0, Math.max(0, order.indexOf(file)));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(mark(dir, file, "started"), String(pid));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waitingFor = before.filter((f) => !hasEnded(dir, f));
    if (waitingFor.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${file} waited past its limit for its turn after ${waitingFor.join(", ")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Marks `file` ended, so the next file in the order may start. */
export function endTurn(file: string, dir = turnsDir()) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(mark(dir, file, "ended"), "");
}
