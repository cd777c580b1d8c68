/** Sending e-mail (Resend or the outbox), suppression of bounced addresses, the Resend webhook and the admin outbox. */

export type { BatchEmail, BatchRecipient, BatchSendDeps, BatchToSend } from "./batch-send.ts";
export { MAX_BATCH, ProviderUnavailableError, resendBatchDeps, sendEmailBatch } from "./batch-send.ts";
export { type AlertMail, type AlertRow, mailEditorsOnce } from "./editors-alert.ts";
export type { EventCounts } from "./event-counts.ts";
export { eventCounts } from "./event-counts.ts";
export { adminOutboxRouter } from "./outbox-router.ts";
export { Pacer, resendPacer } from "./pacer.ts";
export { renderEmail } from "./render.ts";
export { sendEmail } from "./send-email.ts";
export { isSuppressed, type SuppressionListener } from "./suppression.ts";
export { handleResendWebhook } from "./webhook.ts";
