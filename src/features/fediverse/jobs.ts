/**
 * The fediverse's outgoing work as jobs, for a process that runs only them (scripts/fediverse-process.ts):
 * the announcement of an article's change (it reads the followers and builds the activities) and Fedify's
 * outgoing tasks (the fan-out, one delivery per inbox).
 */
export { articleAnnouncementJob, fediverseTaskJob } from "./app-federation.ts";
export { setDeliveryGate } from "./job-queue.ts";
export { fediverseEnabled } from "./settings.ts";
