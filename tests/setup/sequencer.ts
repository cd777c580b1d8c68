import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { EXPECTED_SECONDS } from "../tiers.ts";
import { balanceShards, fileCost } from "./shards.ts";

/**
 * The order files start in, within each group of projects (one queue, the group's workers taking files in this
 * order): longest first, from their usual seconds (tests/tiers.ts), so no long file starts last and holds the
 * group open alone. Vitest's own order needs a results cache that a fresh clone does not have. With `--shard`,
 * each shard gets an even share of the suite's time (tests/setup/shards.ts), not of its files.
 */
export class LongestFirstSequencer extends BaseSequencer {
  private rel(f: TestSpecification) {
    return path.relative(this.ctx.config.root, f.moduleId).split(path.sep).join("/");
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const items = files.map((spec) => ({
      spec,
      key: `${spec.project.name}:${this.rel(spec)}`,
      cost: fileCost(EXPECTED_SECONDS[this.rel(spec)], spec.project.name, spec.project.config.maxWorkers),
    }));
    return (balanceShards(items, count)[index - 1] ?? []).map((item) => item.spec);
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => EXPECTED_SECONDS[this.rel(f)] ?? 0;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        seconds(b) - seconds(a) ||
        this.rel(a).localeCompare(this.rel(b)),
    );
  }
}
