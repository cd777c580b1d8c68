import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LongestFirstSequencer } from "../setup/sequencer.ts";
import { fileCost } from "../setup/shards.ts";
import { EXPECTED_SECONDS } from "../tiers.ts";

/** The suite's file order within a group: the longest files first, whatever their names. */
const root = "/repo";
const spec = (file: string, groupOrder = 0, name = "integration", maxWorkers = 3) =>
  ({
    moduleId: path.join(root, file),
    project: { name, config: { sequence: { groupOrder }, maxWorkers } },
  }) as unknown as TestSpecification;
/** The suite's sequencer, keeping the turns it writes down here rather than in the running suite's folder. */
class RecordingSequencer extends LongestFirstSequencer {
  turns: string[][] = [];
  slots: number[] = [];
  protected override writeTurns(files: string[]) {
    this.turns.push(files);
  }
  protected override writeSlots(count: number) {
    this.slots.push(count);
  }
}
const sequencer = new RecordingSequencer({ config: { root } } as unknown as Vitest);
const shardOf = async (files: TestSpecification[], index: number, count: number) =>
  (
    await new LongestFirstSequencer({ config: { root, shard: { index, count } } } as unknown as Vitest).shard(files)
  ).map((f) => path.relative(root, f.moduleId));
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

  it("puts files of equal usual time together by project", async () => {
    // A worker that files share is kept for the next file only if that one is of its project.
    expect(
      await order([
        spec("tests/unit/markdown.test.ts", 0, "unit"),
        spec("tests/integration/agents.test.ts"),
        spec("tests/unit/typecheck-gate.test.ts", 0, "process"),
        spec("tests/integration/fediverse-crash.test.ts"),
        spec("tests/unit/zod-errors.test.ts", 0, "unit"),
      ]),
    ).toEqual([
      "tests/integration/fediverse-crash.test.ts",
      "tests/integration/agents.test.ts",
      "tests/unit/typecheck-gate.test.ts",
      "tests/unit/markdown.test.ts",
      "tests/unit/zod-errors.test.ts",
    ]);
  });

  it("keeps each group of projects before the next, whatever the files' lengths", async () => {
    expect(await order([spec("tests/e2e/rest-contract.test.ts", 4), spec("tests/unit/markdown.test.ts", 0)])).toEqual([
      "tests/unit/markdown.test.ts",
      "tests/e2e/rest-contract.test.ts",
    ]);
  });
});

describe("the files that take turns on the shared server", () => {
  it("start their group, the seeded-site ones first, in the order they write down", async () => {
    sequencer.turns = [];
    const files = [
      spec("tests/e2e/rest-contract.test.ts", 0, "whole-site"),
      spec("tests/e2e/home.test.ts", 0, "seeded-site"),
      spec("tests/unit/markdown.test.ts", 0, "unit"),
      spec("tests/e2e/validators.test.ts", 0, "seeded-site"),
      spec("tests/integration/fediverse-crash.test.ts", 0),
      spec("tests/e2e/site.test.ts", 3, "contract", 2),
    ];
    expect(await order(files)).toEqual([
      "tests/e2e/validators.test.ts",
      "tests/e2e/home.test.ts",
      "tests/e2e/rest-contract.test.ts",
      "tests/integration/fediverse-crash.test.ts",
      "tests/unit/markdown.test.ts",
      "tests/e2e/site.test.ts",
    ]);
    expect(sequencer.turns).toEqual([
      ["tests/e2e/validators.test.ts", "tests/e2e/home.test.ts", "tests/e2e/rest-contract.test.ts"],
    ]);
  });

  it("count their whole time in a shard, though their group runs three files at a time", async () => {
    // One at a time, the REST contract's 40 s are 40 s of its machine's time, not a third of them.
    const mixed = [
      spec("tests/e2e/rest-contract.test.ts", 0, "whole-site"),
      spec("tests/integration/fuzz-admin-writes.test.ts"),
      spec("tests/integration/provider-faults-openai.test.ts"),
      spec("tests/integration/agent-run-lifecycle.test.ts"),
    ];
    expect(await shardOf(mixed, 1, 2)).toEqual(["tests/e2e/rest-contract.test.ts"]);
  });
});

describe("the timed files", () => {
  const fast = Array.from({ length: 60 }, (_, i) => spec(`tests/unit/u${String(i).padStart(2, "0")}.test.ts`));
  const timed = spec("tests/integration/newsletter-pacing.test.ts", 0, "timed");

  it("start once the build is usually made, not first though they are among the longest", async () => {
    const queue = await order([timed, ...fast, spec("tests/e2e/site.test.ts", 3, "contract", 2)]);
    // 60 files of the unit tier's usual 0.3 s and 0.6 s of loading each, on three workers: about 18 s of the
    // queue, well before the server's usual 135 s, so the timed file waits at the end of its group rather than
    // starting first.
    expect(queue.slice(-2)).toEqual(["tests/integration/newsletter-pacing.test.ts", "tests/e2e/site.test.ts"]);
  });

  it("start first, as the longest, in a run that makes no build", async () => {
    // `npm run test:fast`: kept until the build's usual end, the timed file ran alone for its 20 s at the end.
    expect((await order([...fast, timed]))[0]).toBe("tests/integration/newsletter-pacing.test.ts");
  });
});

describe("the fast files at once", () => {
  it("are four in a run that makes the build, five in one that does not", async () => {
    sequencer.slots = [];
    await order([spec("tests/unit/markdown.test.ts", 0, "unit"), spec("tests/e2e/site.test.ts", 3, "contract", 2)]);
    await order([spec("tests/e2e/home.test.ts", 0, "seeded-site"), spec("tests/unit/markdown.test.ts", 0, "unit")]);
    await order([spec("tests/unit/markdown.test.ts", 0, "unit"), spec("tests/integration/agents.test.ts")]);
    expect(sequencer.slots).toEqual([4, 4, 5]);
  });
});

describe("a shard of the suite (--shard=i/n)", () => {
  // Five files that start servers of their own (two at a time), the shared server's longest (alone), and six
  // short files with no usual time.
  const entries: [file: string, groupOrder: number, project: string, filesAtOnce: number][] = [
    ...["cache-namespace", "scale-out", "page-fast-path", "newsletter-outage", "newsletter-faults"].map(
      (f): [string, number, string, number] => [`tests/e2e/${f}.test.ts`, 2, "resilience", 2],
    ),
    ["tests/e2e/rest-contract.test.ts", 4, "whole-site", 1],
    ...["markdown", "messages", "plain-text", "site-path", "post-json", "logger"].map(
      (f): [string, number, string, number] => [`tests/unit/${f}.test.ts`, 0, "unit", 3],
    ),
  ];
  const files = entries.map(([file, group, project, atOnce]) => spec(file, group, project, atOnce));
  const cost = new Map(
    entries.map(([file, , project, atOnce]) => [file, fileCost(EXPECTED_SECONDS[file], project, atOnce)]),
  );
  const time = (shard: string[]) => shard.reduce((sum, f) => sum + (cost.get(f) ?? 0), 0);

  it("takes every file once across the shards, and an even share of their time rather than of their count", async () => {
    const [first, second] = [await shardOf(files, 1, 2), await shardOf(files, 2, 2)];
    expect([...first, ...second].sort()).toEqual(entries.map(([file]) => file).sort());
    // The machines' times (usual seconds over the files run at once) differ by less than the longest file's;
    // an even count of files (six each) would not do that.
    expect(Math.abs(time(first) - time(second))).toBeLessThan(Math.max(...cost.values()));
    expect([first.length, second.length]).not.toEqual([6, 6]);
  });
});
