import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { EXPECTED_SECONDS, RESILIENCE_FILES } from "../tiers.ts";

/**
 * The order files start in, within each group of projects: the longest first (their usual time on the 2-core
 * machine, tests/tiers.ts), so no long file starts last and holds the group open alone; files that wait for the
 * production build (the resilience tier) after the rest, so they do not hold a worker while it is made. Vitest's
 * own order needs a results cache that a fresh clone does not have.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rel = (f: TestSpecification) => path.relative(root, f.moduleId).split(path.sep).join("/");
    const waitsForBuild = (f: TestSpecification) => (RESILIENCE_FILES.includes(rel(f)) ? 1 : 0);
    const seconds = (f: TestSpecification) => EXPECTED_SECONDS[rel(f)] ?? 0;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        waitsForBuild(a) - waitsForBuild(b) ||
        seconds(b) - seconds(a) ||
        rel(a).localeCompare(rel(b)),
    );
  }
}
