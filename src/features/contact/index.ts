/**
 * Contact: the public form (POST /api/contact), the editors' notification and the sender's acknowledgement
 * (a durable job), and the admin inbox.
 */
export { adminContactMessagesRouter } from "./admin-router.ts";
export { contactMailJob } from "./jobs.ts";
export { contactRouter } from "./router.ts";
