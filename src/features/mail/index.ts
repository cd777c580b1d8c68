/** Sending e-mail (Resend or the outbox), suppression of bounced addresses, the Resend webhook and the admin outbox. */

export type { EventCounts } from "./event-counts.ts";
export { eventCounts } from "./event-counts.ts";
export { adminOutboxRouter } from "./outbox-router.ts";
export { renderEmail } from "./render.ts";
export { sendEmail } from "./send-email.ts";
export { handleResendWebhook } from "./webhook.ts";
