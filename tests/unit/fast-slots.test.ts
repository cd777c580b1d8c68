import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fastGroupWorkers, takeSlot, writeSlotCount } from "../setup/fast-slots.ts";

/** The fast tiers' files, a few at a time whatever their group's worker count. */
let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = (count?: number) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "fast-slots-"));
  if (count !== undefined) writeSlotCount(count, dir);
  return dir;
};
/** A process id that no process has (above the kernel's largest). */
const GONE = 2 ** 22 + 1;
const settledWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe("fast file slots", () => {
  it("lets no more than the count run at once; a file waits for a slot given back", async () => {
    fresh(2);
    // Three files in three live workers (this process, its parent, init).
    const first = await takeSlot({ dir, pid: process.pid });
    await takeSlot({ dir, pid: process.ppid });
    const third = takeSlot({ dir, pid: 1 });
    expect(await settledWithin(third, 300)).toBe(false);
    first();
    expect(await settledWithin(third, 1_000)).toBe(true);
  });

  it("frees the slot of a worker that is gone, and one the asking worker still holds from a file that never ended", async () => {
    fresh(1);
    fs.writeFileSync(path.join(dir, "slot-0"), String(GONE));
    expect(await settledWithin(takeSlot({ dir, pid: process.ppid }), 1_000)).toBe(true);
    // The same worker asks again for its next file: the slot its last file kept is its own to take.
    expect(await settledWithin(takeSlot({ dir, pid: process.ppid }), 1_000)).toBe(true);
    // Another live worker waits.
    expect(await settledWithin(takeSlot({ dir, pid: 1 }), 300)).toBe(false);
  });

  it("gives back only its own slot", async () => {
    fresh(1);
    const stale = await takeSlot({ dir, pid: GONE });
    const held = await takeSlot({ dir, pid: process.pid });
    stale();
    expect(fs.readFileSync(path.join(dir, "slot-0"), "utf8")).toBe(String(process.pid));
    held();
    expect(fs.existsSync(path.join(dir, "slot-0"))).toBe(false);
  });

  it("runs a file anyway once it has waited its limit, rather than stall the run on slots never given back", async () => {
    fresh(1);
    await takeSlot({ dir, pid: process.pid });
    expect(await settledWithin(takeSlot({ dir, pid: 1, giveUpAfterMs: 200 }), 1_000)).toBe(true);
  });

  it("runs a file at once when the run's sequencer wrote no count", async () => {
    fresh();
    expect(await settledWithin(takeSlot({ dir, pid: 1 }), 300)).toBe(true);
  });
});

describe("the fast tiers' group's workers", () => {
  const turns = { projects: ["seeded-site", "whole-site"], files: 11 };
  const slots = { besideBuild: 4, alone: 5 };
  const workers = (...args: string[]) => fastGroupWorkers(["node", "vitest", "run", ...args], turns, slots);

  it("has a worker for each turn file on top of the slots when the run has the turn files", () => {
    expect(workers()).toBe(15);
    expect(workers("--project", "unit", "--project", "whole-site")).toBe(15);
    expect(workers("--project=seeded-*")).toBe(15);
  });

  it("has as many workers as slots in a run without them (npm run test:fast)", () => {
    expect(workers("--project", "unit", "--project", "process", "--project", "integration", "--project", "timed")).toBe(
      5,
    );
    expect(workers("--project=integration", "--reporter=json")).toBe(5);
  });
});
