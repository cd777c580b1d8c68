import { env } from "~/platform/env/env.js";

/** Resend's batch endpoint takes at most 100 e-mails per call. */
export const BATCH_SIZE = 100;

interface Progress {
  recipient_count: number;
  sent_count: number;
  send_started_at: Date | null;
  progress_at: Date | null;
}

/**
 * Seconds left of a running send: the recipients still to go at the pace observed since the send (or its
 * resumption) started, or, before a batch went out, at the configured request rate.
 */
export function sendEtaSeconds(n: Progress): number {
  const left = Math.max(0, n.recipient_count - n.sent_count);
  if (left === 0) return 0;
  const elapsed =
    n.send_started_at && n.progress_at ? (n.progress_at.getTime() - n.send_started_at.getTime()) / 1000 : 0;
  if (elapsed > 1 && n.sent_count > 0) {
    return Math.round(left / (n.sent_count / elapsed));
  }
  return Math.ceil(Math.ceil(left / BATCH_SIZE) / env.RESEND_MAX_RPS);
}
