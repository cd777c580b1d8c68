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
  "tests/unit/typecheck-gate.test.ts",
];

/**
 * Files that start production servers (or the launcher) of their own, on databases and data folders of their
 * own: crashes, faults, scale-out, least privilege, the send's own process, servers set up differently. They
 * never touch the shared E2E server and run two at a time, so their time bounds are relative to a baseline each file measures itself (a start within 3× the first start, a change
 * shown within a second or 3 renders).
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
 * site as seeded.
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
 * Integration files that measure a rate or a delay on this machine: they run alone, after the parallel tiers
 * (a group of their own, one file at a time), so that other files' load does not stretch what they measure.
 */
export const TIMED_FILES = ["tests/integration/newsletter-pacing.test.ts"];

/**
 * The files that take longest, with their usual seconds on the 2-core machine in a full run (the JSON report's
 * file durations): tests/setup/sequencer.ts starts them first. Files not listed take a few seconds.
 */
export const EXPECTED_SECONDS: Record<string, number> = {
  "tests/e2e/newsletter-faults.test.ts": 57,
  "tests/e2e/newsletter-outage.test.ts": 60,
  "tests/integration/fediverse-crash.test.ts": 140,
  "tests/e2e/cache-namespace.test.ts": 85,
  "tests/e2e/page-fast-path.test.ts": 80,
  "tests/e2e/scale-out.test.ts": 84,
  "tests/e2e/rest-contract.test.ts": 76,
  "tests/integration/job-cache-expiry.test.ts": 57,
  "tests/integration/newsletter-provider-outage.test.ts": 53,
  "tests/e2e/site-origin.test.ts": 50,
  "tests/integration/provider-faults-resend.test.ts": 49,
  "tests/integration/launcher-restart.test.ts": 45,
  "tests/e2e/aborted-bodies.test.ts": 42,
  "tests/e2e/aborted-requests.test.ts": 34,
  "tests/e2e/site-interactions.test.ts": 30,
  "tests/integration/fuzz-admin-writes.test.ts": 30,
  "tests/e2e/crash-recovery.test.ts": 28,
  "tests/e2e/site.test.ts": 23,
  "tests/e2e/analytics.test.ts": 22,
  "tests/integration/provider-faults-openai.test.ts": 21,
  "tests/e2e/newsletter-archive.test.ts": 21,
  "tests/e2e/mixed-load.test.ts": 20,
  "tests/e2e/validators.test.ts": 20,
  "tests/e2e/restore-drill.test.ts": 19,
  "tests/integration/agent-run-lifecycle.test.ts": 17,
  "tests/e2e/grounded-drafts.test.ts": 17,
  "tests/integration/database-outage.test.ts": 16,
  "tests/e2e/send-process.test.ts": 16,
  "tests/e2e/form-errors.test.ts": 14,
  "tests/e2e/admin-gate.test.ts": 13,
  "tests/e2e/changed-sources.test.ts": 13,
  "tests/e2e/editors-desk.test.ts": 12,
  "tests/integration/stored-text-inert.test.ts": 12,
  "tests/integration/job-instances.test.ts": 11,
  "tests/integration/job-engine.test.ts": 11,
  "tests/e2e/newsletter.test.ts": 11,
  "tests/integration/scheduled-backups.test.ts": 10,
  "tests/integration/newsletter-send.test.ts": 10,
  "tests/integration/fediverse-operator.test.ts": 10,
  "tests/integration/fediverse-replies-inbox.test.ts": 10,
  "tests/integration/job-attempts.test.ts": 10,
  "tests/e2e/reader-reports.test.ts": 10,
  "tests/integration/fuzz-public-writes.test.ts": 10,
};
