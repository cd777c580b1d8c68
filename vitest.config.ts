import path from "node:path";
import { defineConfig } from "vitest/config";
import { fastGroupWorkers } from "./tests/setup/fast-slots.ts";
import { claimRunTempDir } from "./tests/setup/run-temp-dir.ts";
import { LongestFirstSequencer } from "./tests/setup/sequencer.ts";
import {
  FAST_FILES_AT_ONCE,
  ONE_AT_A_TIME_PROJECTS,
  PROCESS_FILES,
  RESILIENCE_FILES,
  SEEDED_SITE_FILES,
  TIMED_FILES,
  WHOLE_SITE_FILES,
} from "./tests/tiers.ts";

const alias = {
  "~": path.resolve(import.meta.dirname, "src"),
  "@emails": path.resolve(import.meta.dirname, "emails"),
  "@seed": path.resolve(import.meta.dirname, "seed"),
};
// BACKUP_CRON=off: the servers the tests start make no nightly backup (tests/integration/scheduled-backups.test.ts).
const env = { SKIP_ENV_VALIDATION: "", NODE_ENV: "test", BCRYPT_COST: "4", BACKUP_CRON: "off" } as Record<
  string,
  string
>;
// What the tests and the programs they start leave in the temporary folder is removed with the run.
claimRunTempDir();
// Node's module compile cache for every process the tests start (workers, launchers, servers, the send's and
// fediverse's processes): a server start compiles from cache what an earlier one compiled (scripts/start.ts).
process.env.NODE_COMPILE_CACHE ||= path.resolve(import.meta.dirname, "node_modules/.cache/node-compile-cache");
// The production servers the tests start (here and in the workers) hash passwords at bcrypt's lowest cost, as
// the integration tier does: at the default 12, bcryptjs spent 0.6 CPU-s on each start's admin and sign-in.
process.env.BCRYPT_COST ||= "4";
/**
 * Tiers by cost (docs/testing.md), run one group after another: the fast tiers a few files at a time (on 2 cores
 * most of their time is spent waiting on PostgreSQL, timers and child processes) while the production build is
 * made beside them, and among their files the timed files (above their CPU priority) and, on the one shared E2E
 * server, the files that read the seeded site and those whose writes reach the whole site, one at a time; then
 * the files with servers of their own three at a time; then the other files on the shared server two at a time
 * (each reads only what it creates). Projects of one group must share one worker count: the first group has a
 * worker for each file that takes a turn on the shared server, if the run has them, which holds it while waiting
 * for its turn (tests/setup/turn-queue.ts), on top of the fast files' slots (tests/setup/fast-slots.ts).
 */
const FAST = {
  sequence: { groupOrder: 0 },
  maxWorkers: fastGroupWorkers(
    process.argv,
    { projects: ONE_AT_A_TIME_PROJECTS, files: SEEDED_SITE_FILES.length + WHOLE_SITE_FILES.length },
    FAST_FILES_AT_ONCE,
  ),
};
/** Before anything else a fast file loads, it takes one of the run's slots. */
const FAST_SLOT = "tests/setup/fast-slot.ts";
/** The files on the one shared production server (tests/setup/e2e-global.ts). */
const CONTRACT = {
  environment: "node" as const,
  globalSetup: ["tests/setup/e2e-global.ts"],
  // The shared server starts in the background once the build is made; each file waits for it.
  setupFiles: ["tests/setup/contract-each.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
/**
 * The files that need the shared server to themselves take turns, one file at a time (tests/setup/turns.ts), in
 * the fast tiers' group, among its files once the server is usually up (tests/setup/turn-queue.ts): in groups
 * of their own, one file at a time, they left a core idle.
 */
const SHARED_SITE_TURNS = {
  ...CONTRACT,
  setupFiles: [...CONTRACT.setupFiles, "tests/setup/shared-site-turn.ts"],
  ...FAST,
};
const INTEGRATION = {
  environment: "node" as const,
  env,
  globalSetup: ["tests/setup/integration-global.ts"],
  // next-intl's ESM imports `next/server` without an extension; bundling it lets Vite resolve that.
  server: { deps: { inline: ["next-intl"] } },
  setupFiles: ["tests/setup/shared-worker-each.ts"],
  // Files share their worker's loaded dependencies; the setup file restores a fresh process's state.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: PROCESS_FILES,
          environment: "node",
          setupFiles: [FAST_SLOT, "tests/setup/fill-in-priority.ts", ...INTEGRATION.setupFiles],
          // Files share their worker: with a process per file, this tier and `process` took 38 CPU-s, not 24.
          isolate: false,
          // Unit tests never query; a helper reached through a feature's index.ts may still create the client,
          // which connects only on a first query (an address nothing listens on makes any query fail loudly).
          env: { ...env, DATABASE_URL: "postgres://unit-tests@127.0.0.1:9/no-database" },
          ...FAST,
        },
      },
      {
        resolve: { alias },
        test: {
          // Checks that start other programs (nginx, tsc, node): no database, but seconds each.
          name: "process",
          include: PROCESS_FILES,
          environment: "node",
          setupFiles: [FAST_SLOT, "tests/setup/fill-in-priority.ts"],
          env: { ...env, DATABASE_URL: "postgres://unit-tests@127.0.0.1:9/no-database" },
          testTimeout: 30_000,
          ...FAST,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: [...RESILIENCE_FILES, ...TIMED_FILES],
          ...INTEGRATION,
          setupFiles: [FAST_SLOT, "tests/setup/fill-in-priority.ts", ...INTEGRATION.setupFiles],
          ...FAST,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "timed",
          include: TIMED_FILES,
          ...INTEGRATION,
          setupFiles: [FAST_SLOT, ...INTEGRATION.setupFiles],
          // Among the fast tiers' files, above their CPU priority (tests/setup/fill-in-priority.ts), placed once
          // the build is usually made (AFTER_BUILD_PROJECTS, tests/tiers.ts): another file's load, or the build's,
          // would stretch the rate a timed file measures.
          ...FAST,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "resilience",
          include: RESILIENCE_FILES,
          environment: "node",
          // PostgreSQL for the files' own databases, and the production build their servers copy.
          globalSetup: ["tests/setup/resilience-global.ts"],
          // The build is made in the background while the fast tiers run; each file waits for it.
          setupFiles: ["tests/setup/resilience-each.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file's servers, databases, ports and data folders are their own, and its time bounds are relative
          // to what it measures itself (a first start, a render), so three run at a time on 2 cores: their files
          // wait on servers' starts, timers and crashes, and two left a quarter of the cores idle
          // (docs/decisions/004-test-tiers.md). Beside the fast tiers, they took longer: the servers' work is CPU-bound.
          sequence: { groupOrder: 2 },
          maxWorkers: 3,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [...RESILIENCE_FILES, ...SEEDED_SITE_FILES, ...WHOLE_SITE_FILES],
          ...CONTRACT,
          // One shared server; each file creates what it asserts on under names of its own and reads only that,
          // so two files (each with its own browser) run at a time: three browsers beside the server timed out
          // on 2 loaded cores.
          sequence: { groupOrder: 3 },
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "seeded-site",
          include: SEEDED_SITE_FILES,
          ...SHARED_SITE_TURNS,
          // Checks that read the whole site as seeded and write nothing (newest articles, counts, every table's
          // rows): first, alone on the shared server, before any file there has written.
        },
      },
      {
        resolve: { alias },
        test: {
          name: "whole-site",
          include: WHOLE_SITE_FILES,
          ...SHARED_SITE_TURNS,
          // Files whose writes reach the whole site (every REST call, the week's send, load): alone on the shared
          // server, after the seeded-site checks and before the files that read only their own rows.
        },
      },
    ],
  },
});
