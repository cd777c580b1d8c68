export { adminOutboxRouter } from "./outbox-router.ts";
export { renderEmail } from "./render.ts";
export { sendEmail } from "./send-email.ts";
export { handleResendWebhook } from "./webhook.ts";
