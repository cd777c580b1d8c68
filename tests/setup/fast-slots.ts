import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processAlive } from "../../src/platform/db/embedded-lock.ts";

/**
 * The fast tiers' files run a few at a time, however many workers their group has: the group also has a worker
 * for each file that takes a turn on the shared server, held while that file waits (tests/setup/turn-queue.ts),
 * and those workers take fast files once their turn is over. A file takes one of the run's slots before it
 * loads and gives it back when it ends; a slot whose holder is gone, or is the worker asking (a worker runs one
 * file at a time, so a slot it still holds belongs to a file that never ended), is free again. The slot count
 * is the sequencer's for the run, written in the run's own temporary folder (tests/setup/run-temp-dir.ts).
 */
const slotsDir = () => path.join(os.tmpdir(), "fast-slots");
const countFile = (dir: string) => path.join(dir, "count");
const slotFile = (dir: string, i: number) => path.join(dir, `slot-${i}`);

/** The sequencer's count of fast files that run at once in this run. */
export function writeSlotCount(count: number, dir = slotsDir()) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(countFile(dir), String(count));
}

function readCount(dir: string): number | undefined {
  try {
    const count = Number(fs.readFileSync(countFile(dir), "utf8"));
    return Number.isInteger(count) && count > 0 ? count : undefined;
  } catch {
    return undefined;
  }
}

function holder(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, "utf8")) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Waits for a free slot and takes it; resolves with the function that gives it back. With no count written (a
 * run by another sequencer), the file runs at once, and so it does after `giveUpAfterMs`: a file that failed to
 * load gives its slot back only when its worker runs another file or ends (vitest runs no afterAll for it), and
 * a run is better one file over its count than stalled.
 */
export async function takeSlot({
  dir = slotsDir(),
  pid = process.pid,
  giveUpAfterMs = 5 * 60_000,
} = {}): Promise<() => void> {
  const count = readCount(dir);
  if (count === undefined) return () => undefined;
  const deadline = Date.now() + giveUpAfterMs;
  for (;;) {
    for (let i = 0; i < count; i++) {
      const file = slotFile(dir, i);
      const held = holder(file);
      // A slot being written has no holder yet: it is taken.
      if (held === pid || (held !== undefined && !processAlive(held))) fs.rmSync(file, { force: true });
      try {
        fs.writeFileSync(file, String(pid), { flag: "wx" });
        return () => {
          if (holder(file) === pid) fs.rmSync(file, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
    if (Date.now() > deadline) {
      console.warn(`[fast-slots] no slot free after ${giveUpAfterMs} ms: running without one`);
      return () => undefined;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The worker count of the fast tiers' group for a run started with `argv`: a worker for each file that takes a
 * turn on the shared server, if the run has them (every project, or one of theirs named with `--project`), on
 * top of the fast files' slots; else as many workers as slots. A worker loads the app once for the files it
 * runs, and more workers than slots share the files out among more of them: `test:fast` with fifteen workers
 * for five slots spent 413 CPU-s, not 320.
 */
export function fastGroupWorkers(
  argv: readonly string[],
  turns: { projects: readonly string[]; files: number },
  slots: { besideBuild: number; alone: number },
): number {
  const named = argv.flatMap((arg, i) =>
    arg === "--project" ? [argv[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
  );
  const matches = (pattern: string, name: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`).test(name);
  const withTurns = named.length === 0 || turns.projects.some((p) => named.some((n) => matches(n, p)));
  return withTurns ? slots.besideBuild + turns.files : slots.alone;
}
