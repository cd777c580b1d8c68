import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { endTurn, takeTurn, writeTurnOrder } from "../setup/turns.ts";

/**
 * The files that need the shared server to themselves, handed to whichever worker is free, each waiting for the
 * files before it in the run's order to end: as vitest's workers would run them, several at once here.
 */
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "turns-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ORDER = ["tests/e2e/home.test.ts", "tests/e2e/validators.test.ts", "tests/e2e/rest-contract.test.ts"];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A file's run: its turn, some work, its end; the log records what ran when. */
async function runFile(file: string, log: string[], workMs: number) {
  await takeTurn(file, { dir });
  log.push(`start ${file}`);
  await pause(workMs);
  log.push(`end ${file}`);
  endTurn(file, dir);
}

describe("files taking turns on the shared server", () => {
  it("run one at a time in the written order, whichever worker starts them first", async () => {
    writeTurnOrder(ORDER, dir);
    const log: string[] = [];
    // The last file is picked up first and the first last, each by a worker of its own.
    const runs = [runFile(ORDER[2]!, log, 50), runFile(ORDER[1]!, log, 300), runFile(ORDER[0]!, log, 150)];
    await Promise.all(runs);
    expect(log).toEqual(ORDER.flatMap((f) => [`start ${f}`, `end ${f}`]));
  });

  it("go on after a file whose worker is gone without marking its end (it failed to load)", async () => {
    writeTurnOrder(ORDER.slice(0, 2), dir);
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    await takeTurn(ORDER[0]!, { dir, pid: Number(gone) });
    const started = Date.now();
    await takeTurn(ORDER[1]!, { dir });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("wait for a file that has not started yet, and give up with the files waited for at their limit", async () => {
    writeTurnOrder(ORDER.slice(0, 2), dir);
    await expect(takeTurn(ORDER[1]!, { dir, timeoutMs: 600 })).rejects.toThrow(
      `${ORDER[1]} waited past its limit for its turn after ${ORDER[0]}`,
    );
  });

  it("wait for nothing outside a written order (a file run by another sequencer, or alone)", async () => {
    await takeTurn(ORDER[1]!, { dir, timeoutMs: 100 });
    writeTurnOrder([ORDER[0]!], dir);
    await takeTurn(ORDER[2]!, { dir, timeoutMs: 100 });
  });
});
