/** The operators' view of background work: runs, schedules, retry and cancel (the runtime is src/platform/jobs). */
export { adminJobsRouter } from "./router.ts";
