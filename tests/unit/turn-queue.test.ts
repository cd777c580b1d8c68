import { describe, expect, it } from "vitest";
import { placeTurns } from "../setup/turn-queue.ts";

/** Where a group's queue puts the files that take turns on the shared server, among the files that run side by side. */
const other = (name: string, seconds: number) => ({ name, seconds, turn: false });
const turn = (name: string, seconds: number) => ({ name, seconds, turn: true });
const late = (name: string, seconds: number) => ({ name, seconds, turn: false, afterBuild: true });
const names = (files: { name: string }[]) => files.map((f) => f.name);

describe("the files that take turns, placed in their group's queue", () => {
  it("start once the shared server is usually up, then each as the one before ends, the other files between", () => {
    const files = [
      ...["a", "b", "c", "d", "e", "f"].map((n) => other(n, 10)),
      turn("first-turn", 15),
      turn("second-turn", 15),
    ];
    // Three workers: a, b, c until 10 s; the server is up at 10 s, so the first turn goes next (10–25 s), d and e
    // fill the other two workers (10–20 s), f one of them (20–30 s), and the second turn the other (25–40 s).
    // At the end of the queue the turns would have run 20–35 s and 35–50 s.
    expect(names(placeTurns(files, 3, 10))).toEqual(["a", "b", "c", "first-turn", "d", "e", "f", "second-turn"]);
  });

  it("wait for the server while other files can run, and go last when none can", () => {
    const files = [other("a", 5), other("b", 5), turn("first-turn", 5), turn("second-turn", 5)];
    expect(names(placeTurns(files, 3, 100))).toEqual(["a", "b", "first-turn", "second-turn"]);
  });

  it("keep the queue as it was in a group without turns, or with nothing else", () => {
    const plain = [other("a", 5), other("b", 1)];
    expect(names(placeTurns(plain, 3, 0))).toEqual(["a", "b"]);
    const onlyTurns = [turn("first-turn", 5), turn("second-turn", 1)];
    expect(names(placeTurns(onlyTurns, 1, 0))).toEqual(["first-turn", "second-turn"]);
  });

  it("place a file kept from the build's busy start once the server is usually up, waiting for no turn", () => {
    // Longest first, the timed file would start with the build; it goes to the first worker free at 10 s, beside
    // the first turn, not after it.
    const files = [late("timed", 20), ...["a", "b", "c", "d"].map((n) => other(n, 10)), turn("first-turn", 15)];
    expect(names(placeTurns(files, 3, 10))).toEqual(["a", "b", "c", "first-turn", "timed", "d"]);
    // With nothing else to run, it waits at the end of the queue rather than holding a worker.
    expect(names(placeTurns([late("timed", 20), other("a", 1)], 2, 10))).toEqual(["a", "timed"]);
  });
});
