import ConfirmSubscription from "@emails/confirm-subscription.tsx";
import { createElement } from "react";
import { renderEmail, sendEmail } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { confirmationToken, unsubscribeToken } from "../tokens.ts";
import { confirmUrl, listUnsubscribeHeaders, siteUrl, unsubscribeUrl } from "../urls.ts";

/**
 * The mail a signup triggers: the double opt-in link for a pending address, or a short "you are already
 * subscribed" note for a confirmed one (so the web answer never differs, but the owner of the inbox knows).
 */
export async function sendSignupMail(db: DbClient, subscriptionId: string, idempotencyKey: string) {
  const sub = await db.newsletterSubscription.findUnique({ where: { id: subscriptionId } });
  if (!sub || sub.status === "unsubscribed") return { status: "skipped" as const };
  const t = translatorFor(sub.locale, "emails");
  const pending = sub.status === "pending";
  // Issued when the signup claimed this mail: a retried job renders the same links.
  const issuedAt = sub.confirmation_sent_at ?? sub.created_at;
  const unsubscribe = unsubscribeToken(sub, issuedAt);
  const { html, text } = await renderEmail(
    createElement(ConfirmSubscription, {
      locale: sub.locale,
      siteUrl: siteUrl(sub.locale),
      confirmUrl: pending ? confirmUrl(sub.locale, confirmationToken(sub, issuedAt)) : undefined,
      unsubscribeUrl: unsubscribeUrl(sub.locale, unsubscribe),
    }),
  );
  return sendEmail(db, {
    to: sub.email,
    subject: pending ? t("confirmSubject") : t("alreadySubject"),
    html,
    text,
    headers: listUnsubscribeHeaders(unsubscribe, sub.locale),
    tag: pending ? "newsletter-confirmation" : "newsletter-already-subscribed",
    idempotencyKey,
  });
}
