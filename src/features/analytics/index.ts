/** First-party, cookie-free analytics: the beacon's endpoint, daily visitor ids, rollups and the admin's figures. */
export { countable } from "./exclusion.ts";
export { hitEndpoint } from "./hit-endpoint.ts";
export { HIT_PATH } from "./hit-path.ts";
export { type HitOutcome, recordHit } from "./ingest.ts";
export { analyticsMaintenanceJob } from "./jobs.ts";
export { dailyReaders, firstWeekReaders } from "./readers.ts";
export { adminStatsRouter } from "./router.ts";
export { visitorOf } from "./visitor.ts";
