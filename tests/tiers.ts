/**
 * Which vitest project (tier) each test file runs in, by cost (docs/testing.md). Every other file of a folder
 * belongs to that folder's tier: tests/unit → unit, tests/integration → integration, tests/e2e → contract.
 */

/** Unit files that start other programs (nginx, tsc, node): they run in the "process" project, not "unit". */
export const PROCESS_FILES = [
  "tests/unit/nginx-cache.test.ts",
  "tests/unit/node-runtime.test.ts",
  "tests/unit/request-guard-abort.test.ts",
  "tests/unit/seed-import.test.ts",
  "tests/unit/test-prerequisites.test.ts",
  "tests/unit/typecheck-gate.test.ts",
];

/**
 * Files that start production servers (or the launcher) of their own, on databases and data folders of their
 * own: crashes, faults, scale-out, least privilege, the send's own process, servers set up differently. They
 * never touch the shared E2E server; they run one at a time (vitest.config.ts says why).
 */
export const RESILIENCE_FILES = [
  "tests/e2e/aborted-bodies.test.ts",
  "tests/e2e/aborted-requests.test.ts",
  "tests/e2e/analytics-fast-path.test.ts",
  "tests/e2e/cache-namespace.test.ts",
  "tests/e2e/changed-sources.test.ts",
  "tests/e2e/crash-recovery.test.ts",
  "tests/e2e/grounded-drafts.test.ts",
  "tests/e2e/least-privilege-start.test.ts",
  "tests/e2e/newsletter-archive.test.ts",
  "tests/e2e/newsletter-faults.test.ts",
  "tests/e2e/restore-drill.test.ts",
  "tests/e2e/scale-out.test.ts",
  "tests/e2e/send-process.test.ts",
  "tests/e2e/server-settings.test.ts",
  "tests/integration/launcher-restart.test.ts",
];

/**
 * Integration files that measure a rate or a delay on this machine: they run alone, after the parallel tiers
 * (group 1, one file at a time), so that other files' load does not stretch what they measure.
 */
export const TIMED_FILES = ["tests/integration/newsletter-pacing.test.ts"];
