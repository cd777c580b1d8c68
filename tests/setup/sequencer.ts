import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { EXPECTED_SECONDS, RESILIENCE_FILES } from "../tiers.ts";

/** Files that usually take at least this long start before the ones that wait for the build. */
const LONG_SECONDS = 20;

/**
 * The order files start in, within each group of projects (one queue, the group's workers taking files in this
 * order): the long files that need no build first, longest first (while the production build is made beside
 * them), then the files that wait for the build (the resilience tier), longest first, then everything short.
 * No long file then starts last and holds the group open alone, and the build's minutes are spent on files that
 * do not need it. Vitest's own order needs a results cache that a fresh clone does not have; the usual seconds
 * are in tests/tiers.ts.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rel = (f: TestSpecification) => path.relative(root, f.moduleId).split(path.sep).join("/");
    const seconds = (f: TestSpecification) => EXPECTED_SECONDS[rel(f)] ?? 0;
    const stage = (f: TestSpecification) =>
      RESILIENCE_FILES.includes(rel(f)) ? 1 : seconds(f) >= LONG_SECONDS ? 0 : 2;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        stage(a) - stage(b) ||
        seconds(b) - seconds(a) ||
        rel(a).localeCompare(rel(b)),
    );
  }
}
