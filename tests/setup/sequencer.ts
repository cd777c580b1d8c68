import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { EXPECTED_SECONDS } from "../tiers.ts";

/**
 * The order files start in, within each group of projects (one queue, the group's workers taking files in this
 * order): longest first, from their usual seconds (tests/tiers.ts), so no long file starts last and holds the
 * group open alone. Vitest's own order needs a results cache that a fresh clone does not have.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rel = (f: TestSpecification) => path.relative(root, f.moduleId).split(path.sep).join("/");
    const seconds = (f: TestSpecification) => EXPECTED_SECONDS[rel(f)] ?? 0;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        seconds(b) - seconds(a) ||
        rel(a).localeCompare(rel(b)),
    );
  }
}
