import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LongestFirstSequencer } from "../setup/sequencer.ts";

/** The suite's file order within a group: the longest files first, whatever their names. */
const root = "/repo";
const spec = (file: string, groupOrder = 0) =>
  ({
    moduleId: path.join(root, file),
    project: { config: { sequence: { groupOrder } } },
  }) as unknown as TestSpecification;
const sequencer = new LongestFirstSequencer({ config: { root } } as unknown as Vitest);
const order = async (files: TestSpecification[]) =>
  (await sequencer.sort(files)).map((f) => path.relative(root, f.moduleId));

describe("the order files start in", () => {
  it("starts the longest files first, the ones with no usual time last, by name", async () => {
    expect(
      await order([
        spec("tests/unit/markdown.test.ts"),
        spec("tests/e2e/send-process.test.ts"),
        spec("tests/integration/job-cache-expiry.test.ts"),
        spec("tests/e2e/newsletter-faults.test.ts"),
        spec("tests/integration/fediverse-crash.test.ts"),
        spec("tests/integration/agents.test.ts"),
      ]),
    ).toEqual([
      "tests/integration/fediverse-crash.test.ts",
      "tests/e2e/newsletter-faults.test.ts",
      "tests/integration/job-cache-expiry.test.ts",
      "tests/e2e/send-process.test.ts",
      "tests/integration/agents.test.ts",
      "tests/unit/markdown.test.ts",
    ]);
  });

  it("keeps each group of projects before the next, whatever the files' lengths", async () => {
    expect(await order([spec("tests/e2e/rest-contract.test.ts", 4), spec("tests/unit/markdown.test.ts", 0)])).toEqual([
      "tests/unit/markdown.test.ts",
      "tests/e2e/rest-contract.test.ts",
    ]);
  });
});
