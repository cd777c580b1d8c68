import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import {
  AFTER_BUILD_PROJECTS,
  BUILD_PROJECTS,
  EXPECTED_SECONDS,
  FAST_FILES_AT_ONCE,
  FAST_PROJECTS,
  FILE_LOAD_SECONDS,
  ONE_AT_A_TIME_PROJECTS,
  SHARED_SERVER_SECONDS,
} from "../tiers.ts";
import { writeSlotCount } from "./fast-slots.ts";
import { balanceShards, fileCost, usualSeconds } from "./shards.ts";
import { placeTurns } from "./turn-queue.ts";
import { writeTurnOrder } from "./turns.ts";

/** A project's place among the one-at-a-time projects (1, 2, …), or 0 for a project whose files run side by side. */
const turnRank = (f: TestSpecification) => ONE_AT_A_TIME_PROJECTS.indexOf(f.project.name) + 1;

/**
 * The order files start in, within each group of projects (one queue, the group's workers taking files in this
 * order): longest first, from their usual seconds (tests/tiers.ts), so no long file starts last and holds the
 * group open alone, and files of equal time by project; the files that take turns on the shared server first,
 * and the timed files once the build is usually made, if this run makes one (tests/setup/turn-queue.ts).
 * Vitest's own order needs a results cache that a fresh clone does not have. With `--shard`, each shard gets an
 * even share of the suite's time (tests/setup/shards.ts), not of its files.
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
      cost: fileCost(
        EXPECTED_SECONDS[this.rel(spec)],
        spec.project.name,
        turnRank(spec) > 0
          ? 1
          : FAST_PROJECTS.includes(spec.project.name)
            ? FAST_FILES_AT_ONCE.besideBuild
            : spec.project.config.maxWorkers,
      ),
    }));
    return (balanceShards(items, count)[index - 1] ?? []).map((item) => item.spec);
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => EXPECTED_SECONDS[this.rel(f)] ?? 0;
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    // Files of equal usual time (most have none listed) by project: vitest keeps a worker that files share
    // (isolate: false) for the next file only when the next in the queue is of its project, and else starts a
    // new one, which loads the app again; by name alone, the process tier's files sat among the unit files.
    const sorted = [...files].sort(
      (a, b) =>
        group(a) - group(b) ||
        turnRank(a) - turnRank(b) ||
        seconds(b) - seconds(a) ||
        a.project.name.localeCompare(b.project.name) ||
        this.rel(a).localeCompare(this.rel(b)),
    );
    this.writeTurns(sorted.filter((f) => turnRank(f) > 0).map((f) => this.rel(f)));
    // Without a build in this run, nothing is kept from its busy start, and more fast files run at once.
    const building = files.some((f) => BUILD_PROJECTS.includes(f.project.name));
    const slots = building ? FAST_FILES_AT_ONCE.besideBuild : FAST_FILES_AT_ONCE.alone;
    this.writeSlots(slots);
    const queue: TestSpecification[] = [];
    for (const order of new Set(sorted.map(group))) {
      const members = sorted.filter((f) => group(f) === order);
      const timed = members.map((spec) => ({
        spec,
        turn: turnRank(spec) > 0,
        afterBuild: building && AFTER_BUILD_PROJECTS.includes(spec.project.name),
        seconds: usualSeconds(EXPECTED_SECONDS[this.rel(spec)], spec.project.name) + FILE_LOAD_SECONDS,
      }));
      const first = members[0];
      const workers = first && FAST_PROJECTS.includes(first.project.name) ? slots : first?.project.config.maxWorkers;
      queue.push(...placeTurns(timed, workers ?? 1, SHARED_SERVER_SECONDS).map((f) => f.spec));
    }
    return queue;
  }

  /** Where the turns are written down (tests/setup/turns.ts); a test's sequencer writes them elsewhere. */
  protected writeTurns(files: string[]) {
    writeTurnOrder(files);
  }

  /** Where the run's count of fast files at once is written down (tests/setup/fast-slots.ts). */
  protected writeSlots(count: number) {
    writeSlotCount(count);
  }
}
