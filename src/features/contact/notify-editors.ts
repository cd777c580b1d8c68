import ContactAcknowledgement from "@emails/contact-acknowledgement.tsx";
import ContactNotification from "@emails/contact-notification.tsx";
import { createElement } from "react";
import { renderEmail, sendEmail } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { AppError } from "~/platform/errors.ts";
import { localeHomeUrl } from "~/platform/http/site-url.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { NonRetriableError } from "~/platform/jobs/define-job.ts";
import { enforceRateLimit } from "~/platform/security/rate-limit.ts";

/** A message deleted before its mails went out has nobody to mail about: retrying cannot bring it back. */
async function load(db: DbClient, id: string) {
  const message = await db.contactMessage.findUnique({ where: { id } });
  if (!message) throw new NonRetriableError(`contact message ${id} no longer exists`);
  return message;
}

/** The editors' copy of a contact message; replying goes straight to the sender. */
export async function notifyEditors(db: DbClient, messageId: string) {
  const m = await load(db, messageId);
  const { html, text } = await renderEmail(
    createElement(ContactNotification, {
      siteUrl: localeHomeUrl("es"),
      name: m.name,
      email: m.email,
      organization: m.organization ?? "",
      reason: m.reason,
      message: m.message,
      locale: m.locale,
    }),
  );
  return sendEmail(db, {
    to: env.EDITORS_EMAIL,
    subject: translatorFor("es", "emails")("contactNoticeSubject", { name: m.name, reason: m.reason }),
    html,
    text,
    headers: { "Reply-To": m.email },
    tag: "contact-notification",
    idempotencyKey: `contact-notify-${m.id}`,
  });
}

/**
 * The sender's acknowledgement, in the language of the page they wrote from: a fixed text, and only a few
 * per recipient address a day (the address is whatever the visitor typed; the message itself is always kept).
 */
export async function acknowledgeContactMessage(db: DbClient, messageId: string) {
  const m = await load(db, messageId);
  const allowed = await enforceRateLimit("contact-ack", m.email).then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.code === "TOO_MANY_REQUESTS") return false;
      throw err;
    },
  );
  if (!allowed) return { status: "throttled" as const };
  const { html, text } = await renderEmail(
    createElement(ContactAcknowledgement, { locale: m.locale, siteUrl: localeHomeUrl(m.locale) }),
  );
  return sendEmail(db, {
    to: m.email,
    subject: translatorFor(m.locale, "emails")("contactAckSubject"),
    html,
    text,
    tag: "contact-acknowledgement",
    idempotencyKey: `contact-ack-${m.id}`,
  });
}

export async function markContactNotified(db: DbClient, messageId: string) {
  // updateMany: a message deleted after its mails went out has nothing left to mark.
  await db.contactMessage.updateMany({ where: { id: messageId }, data: { notified_at: new Date() } });
  return { ok: true };
}
