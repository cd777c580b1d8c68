import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { AppError } from "~/platform/errors.ts";
import { resendClient, resendSend } from "~/platform/providers/resend.ts";
import { plainText } from "~/platform/security/plain-text.ts";
import { isSuppressed } from "./suppression.ts";

interface EmailToSend {
  to: string;
  subject: string;
  html: string;
  text?: string;
  headers?: Record<string, string>;
  /** What kind of mail this is (confirmation, contact-notification…), for the admin outbox. */
  tag: string;
  /** Resend deduplicates a repeated call with the same key for 24 h (job retries). */
  idempotencyKey?: string;
  /**
   * "outbox": stored in the outbox only (queued, where admins read it), never handed to the provider: for
   * mail about the provider itself, which must not depend on it.
   */
  via?: "outbox";
}

type SendResult = { status: "sent" | "queued" | "suppressed"; id: string };

/**
 * The one way the site sends a single e-mail. With RESEND_API_KEY it goes through Resend; without, it is
 * stored in the database outbox (EmailMessage, status queued) that admins read — nothing is lost. Suppressed
 * addresses are never mailed (the attempt is logged as suppressed). A provider failure is logged and thrown
 * as SERVICE_UNAVAILABLE so the calling job retries.
 */
// A CR or LF in a header value would start a new header (Bcc:…): header text is always one line.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");

export async function sendEmail(db: DbClient, mail: EmailToSend): Promise<SendResult> {
  // Subjects carry titles and names: plain text, one line (plainText also drops CR and LF).
  const subject = plainText(mail.subject);
  const headers = Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [k, oneLine(v)]));
  const base = {
    to: mail.to,
    subject,
    html: mail.html,
    text: mail.text ?? null,
    headers,
    tag: mail.tag,
  };
  if (await isSuppressed(db, mail.to)) {
    const row = await db.emailMessage.create({ data: { ...base, status: "suppressed" } });
    return { status: "suppressed", id: row.id };
  }
  const resend = mail.via === "outbox" ? null : resendClient();
  if (!resend) {
    const row = await db.emailMessage.create({ data: { ...base, status: "queued" } });
    return { status: "queued", id: row.id };
  }
  const outcome = await resendSend(
    resend,
    {
      from: env.EMAIL_FROM,
      to: mail.to,
      subject,
      html: mail.html,
      text: mail.text,
      headers,
    },
    mail.idempotencyKey,
  );
  if (!outcome.ok) {
    await db.emailMessage.create({ data: { ...base, status: "failed", error: outcome.message } });
    throw new AppError("SERVICE_UNAVAILABLE", `E-mail provider failed: ${outcome.message}`, {
      retryAfter: outcome.retryAfterSeconds,
      reason: "emailProviderFailed",
      params: { detail: outcome.message },
    });
  }
  const row = await db.emailMessage.create({
    data: { ...base, status: "sent", provider_id: outcome.ids[0] ?? null, sent_at: new Date() },
  });
  return { status: "sent", id: row.id };
}
