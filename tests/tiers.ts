/**
 * Which vitest project (tier) each test file runs in, by cost (docs/testing.md). Every other file of a folder
 * belongs to that folder's tier: tests/unit → unit, tests/integration → integration, tests/e2e → contract.
 */

/** Unit files that start other programs (nginx, tsc, node): they run in the "process" project, not "unit". */
export const PROCESS_FILES = [
  "tests/unit/lower-priority.test.ts",
  "tests/unit/nginx-cache.test.ts",
  "tests/unit/node-runtime.test.ts",
  "tests/unit/request-guard-abort.test.ts",
  "tests/unit/run-temp-dir.test.ts",
  "tests/unit/seed-import.test.ts",
  "tests/unit/test-prerequisites.test.ts",
  "tests/unit/turns.test.ts",
  "tests/unit/typecheck-gate.test.ts",
  "tests/unit/yield-to-build.test.ts",
];

/**
 * Files that start production servers (or the launcher) of their own, on databases and data folders of their
 * own: crashes, faults, scale-out, least privilege, the send's own process, servers set up differently. They
 * never touch the shared E2E server and run three at a time, so their time bounds are relative to a baseline
 * each file measures itself (a start within 3× the first start, a change shown within a second or 3 renders).
 */
export const RESILIENCE_FILES = [
  "tests/e2e/aborted-bodies.test.ts",
  "tests/e2e/aborted-requests.test.ts",
  "tests/e2e/analytics-fast-path.test.ts",
  "tests/e2e/cache-namespace.test.ts",
  "tests/e2e/changed-sources.test.ts",
  "tests/e2e/crash-recovery.test.ts",
  "tests/e2e/fediverse-process.test.ts",
  "tests/e2e/grounded-drafts.test.ts",
  "tests/e2e/least-privilege-start.test.ts",
  "tests/e2e/newsletter-archive.test.ts",
  "tests/e2e/newsletter-faults.test.ts",
  "tests/e2e/newsletter-outage.test.ts",
  "tests/e2e/page-fast-path.test.ts",
  "tests/e2e/restore-drill.test.ts",
  "tests/e2e/scale-out.test.ts",
  "tests/e2e/send-process.test.ts",
  "tests/e2e/server-settings.test.ts",
  "tests/integration/launcher-restart.test.ts",
];

/**
 * Contract files that read the whole site as seeded and write nothing: home's and /noticias's newest articles and
 * result counts, every list page's items, every feed item and the home page judged by validators, the files of
 * the page cache, and every table's row count around refused requests (`rest-errors`, which a job still
 * writing after another file would break); and a sign-up's confirmation mail, which waited behind the REST
 * contract's mail jobs (`site-origin`: it adds one subscriber of its own). They run first, one at a time, on the
 * site as seeded, beside the fast tiers' files.
 */
export const SEEDED_SITE_FILES = [
  "tests/e2e/home.test.ts",
  "tests/e2e/junk-urls.test.ts",
  "tests/e2e/list-pages-html.test.ts",
  "tests/e2e/news-filters.test.ts",
  "tests/e2e/news-without-script.test.ts",
  "tests/e2e/rest-errors.test.ts",
  "tests/e2e/site-origin.test.ts",
  "tests/e2e/validators.test.ts",
];

/**
 * Contract files whose writes reach the whole site: every REST call with its fixtures (`rest-contract`), the
 * week's Top 5 sent, the site under load. They run one at a time after
 * the seeded-site checks and before the other contract files, which run side by side and read only what they
 * create (docs/testing.md).
 */
export const WHOLE_SITE_FILES = [
  "tests/e2e/mixed-load.test.ts",
  "tests/e2e/newsletter.test.ts",
  "tests/e2e/rest-contract.test.ts",
];

/**
 * The projects whose files take turns on the shared server, one file at a time, in this order of projects (the
 * seeded-site checks before any file writes), while the fast tiers' files run beside them
 * (tests/setup/turns.ts).
 */
export const ONE_AT_A_TIME_PROJECTS = ["seeded-site", "whole-site"];

/**
 * Projects whose files the sequencer places in the fast tiers' queue no earlier than the build is usually made,
 * taking no turn: the timed files, which the build's threads would slow.
 * In a run that makes no build (`npm run test:fast`), they take their place among the others, longest first.
 */
export const AFTER_BUILD_PROJECTS = ["timed"];

/** The projects whose global setup makes the production build (tests/setup/background-build.ts). */
export const BUILD_PROJECTS = ["resilience", "contract", ...ONE_AT_A_TIME_PROJECTS];

/**
 * Integration files that measure a rate or a delay on this machine. They run among the fast tiers' files, which
 * run at a lower CPU priority (tests/setup/fill-in-priority.ts), so that those files' load does not stretch
 * what they measure; placed once the build is usually made (AFTER_BUILD_PROJECTS).
 */
export const TIMED_FILES = ["tests/integration/newsletter-pacing.test.ts"];

/**
 * How many of the fast tiers' files run at once (tests/setup/fast-slots.ts): most of a file's time is spent
 * waiting on PostgreSQL, timers and child processes. Four beside the build and the files on the shared server:
 * with five there, the timed file measured 1.82/s against its bound of 1.80. Five in a run without them
 * (`npm run test:fast`).
 */
export const FAST_FILES_AT_ONCE = { besideBuild: 4, alone: 5 };

/** The fast tiers' projects, whose files take those slots. */
export const FAST_PROJECTS = ["unit", "process", "integration", "timed"];

/**
 * Seconds from the start of the first group until the build is usually made and the shared server serves, and
 * the seconds a file usually spends loading before its first test (its imports, and servers a file starts as it
 * loads): the sequencer places the timed files by them (tests/setup/turn-queue.ts). Measured in full runs on
 * the 2-core machine.
 */
export const SHARED_SERVER_SECONDS = 135;
export const FILE_LOAD_SECONDS = 0.6;

/**
 * The files that take longest, with their usual seconds on the 2-core machine in a full run (the JSON report's
 * file durations): tests/setup/sequencer.ts starts them first. Files not listed take a few seconds.
 */
export const EXPECTED_SECONDS: Record<string, number> = {
  "tests/e2e/scale-out.test.ts": 81,
  "tests/integration/fediverse-crash.test.ts": 71,
  "tests/e2e/cache-namespace.test.ts": 53,
  "tests/e2e/newsletter-outage.test.ts": 50,
  "tests/integration/newsletter-provider-outage.test.ts": 47,
  "tests/integration/provider-faults-resend.test.ts": 46,
  "tests/integration/launcher-restart.test.ts": 44,
  "tests/e2e/aborted-bodies.test.ts": 41,
  "tests/e2e/rest-contract.test.ts": 40,
  "tests/integration/job-cache-expiry.test.ts": 35,
  "tests/e2e/cached-page-later.test.ts": 35,
  "tests/e2e/newsletter-faults.test.ts": 35,
  "tests/e2e/aborted-requests.test.ts": 33,
  "tests/e2e/page-fast-path.test.ts": 30,
  "tests/e2e/site-interactions.test.ts": 27,
  "tests/integration/fuzz-admin-writes.test.ts": 24,
  "tests/e2e/analytics.test.ts": 22,
  "tests/e2e/hydrate-on-intent.test.ts": 21,
  "tests/e2e/crash-recovery.test.ts": 21,
  "tests/integration/newsletter-pacing.test.ts": 20,
  "tests/e2e/restore-drill.test.ts": 20,
  "tests/e2e/mixed-load.test.ts": 20,
  "tests/e2e/validators.test.ts": 19,
  "tests/integration/provider-faults-openai.test.ts": 18,
  "tests/integration/agent-run-lifecycle.test.ts": 17,
  "tests/e2e/newsletter-archive.test.ts": 17,
  "tests/e2e/send-process.test.ts": 16,
  "tests/integration/database-outage.test.ts": 16,
  "tests/e2e/site.test.ts": 15,
  "tests/e2e/grounded-drafts.test.ts": 14,
  "tests/integration/fediverse-operator.test.ts": 13,
  "tests/integration/stored-text-inert.test.ts": 13,
  "tests/e2e/newsletter.test.ts": 13,
  "tests/integration/job-attempts.test.ts": 12,
  "tests/e2e/admin-gate.test.ts": 12,
  "tests/e2e/login-redirect.test.ts": 12,
  "tests/e2e/changed-sources.test.ts": 11,
  "tests/integration/newsletter-send.test.ts": 11,
  "tests/integration/fediverse-replies-inbox.test.ts": 11,
  "tests/e2e/editors-desk.test.ts": 11,
  "tests/integration/job-engine.test.ts": 11,
  "tests/integration/job-instances.test.ts": 10,
  "tests/e2e/form-errors.test.ts": 10,
  "tests/integration/run-sources-accounted.test.ts": 9,
  "tests/e2e/password-change.test.ts": 9,
  "tests/integration/job-idle-polling.test.ts": 9,
  "tests/integration/job-failure-hook.test.ts": 8,
  "tests/e2e/cached-page-csp.test.ts": 8,
  "tests/integration/jobs-admin.test.ts": 8,
  "tests/e2e/reader-reports.test.ts": 8,
  "tests/integration/env.test.ts": 7,
  "tests/integration/shutdown-order.test.ts": 7,
  "tests/e2e/agents.test.ts": 7,
  "tests/e2e/junk-urls.test.ts": 7,
  "tests/e2e/auth.test.ts": 6,
  "tests/e2e/fediverse-process.test.ts": 6,
  "tests/integration/start-roles.test.ts": 6,
  "tests/e2e/analytics-fast-path.test.ts": 6,
  "tests/integration/newsletter-provider-pause.test.ts": 6,
  "tests/integration/fediverse-inbox-golden.test.ts": 6,
  "tests/integration/fediverse-deliveries.test.ts": 5,
  "tests/integration/backup-restore.test.ts": 5,
  "tests/e2e/fediverse-replies.test.ts": 5,
  "tests/integration/jobs.test.ts": 4,
  "tests/integration/job-schedules.test.ts": 4,
  "tests/e2e/news-filters.test.ts": 4,
  "tests/integration/scheduled-backups.test.ts": 4,
  "tests/integration/newsletter-fanout-inngest.test.ts": 4,
  "tests/e2e/api-docs.test.ts": 4,
  "tests/integration/newsletter-subscribe.test.ts": 4,
  "tests/integration/source-recheck.test.ts": 4,
};
