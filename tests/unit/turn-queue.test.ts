import { describe, expect, it } from "vitest";
import { placeTurns } from "../setup/turn-queue.ts";

/** Where a group's queue puts the files that take turns on the shared server, and the timed files. */
const other = (name: string, seconds: number) => ({ name, seconds, turn: false });
const turn = (name: string, seconds: number) => ({ name, seconds, turn: true });
const late = (name: string, seconds: number) => ({ name, seconds, turn: false, afterBuild: true });
const names = (files: { name: string }[]) => files.map((f) => f.name);

describe("a group's queue", () => {
  it("starts with every file that takes a turn, in turn order, whatever the other files' lengths", () => {
    // Each waits in a worker of its own for the server and the turn before it, so each starts as soon as it may.
    const files = [...["a", "b", "c"].map((n) => other(n, 60)), turn("first-turn", 15), turn("second-turn", 1)];
    expect(names(placeTurns(files, 3, 100))).toEqual(["first-turn", "second-turn", "a", "b", "c"]);
  });

  it("keeps the other files' order in a group without turns", () => {
    expect(names(placeTurns([other("a", 5), other("b", 1)], 3, 0))).toEqual(["a", "b"]);
  });

  it("places a file kept from the build's busy start where a worker is first free once the build is usually made", () => {
    // Three workers: a, b, c until 10 s, d, e, f until 20 s; at 10 s the build is made, so the timed file goes to
    // the first worker free then, after a, b and c, not first though it is the longest.
    const files = [late("timed", 20), ...["a", "b", "c", "d", "e", "f"].map((n) => other(n, 10)), turn("t", 15)];
    expect(names(placeTurns(files, 3, 10))).toEqual(["t", "a", "b", "c", "timed", "d", "e", "f"]);
  });

  it("puts a file kept from the build's start last when the other files end before the build", () => {
    expect(names(placeTurns([late("timed", 20), other("a", 1)], 2, 10))).toEqual(["a", "timed"]);
  });
});
