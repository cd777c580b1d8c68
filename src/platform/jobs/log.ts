import { log } from "~/platform/log/logger.ts";

/** The job runtime's part of the log: every line carries `scope: "jobs"` (and the job's name where there is one). */
export const jobsLog = log.child({ scope: "jobs" });
