import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { enqueue } from "~/platform/jobs/dispatcher.ts";
import { signupMailJob } from "./jobs.ts";
import type { SubscribeInput } from "./schema.ts";
import { newToken, tokensEqual } from "./tokens.ts";

/** A subscriber is mailed about their own signup at most once per hour, however often the form is sent. */
const SIGNUP_MAIL_INTERVAL_MS = 60 * 60 * 1000;
/** A confirmation link works for this long after it was (last) mailed. */
const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** SPEC: the unsubscribe answer is this Spanish sentence whatever the outcome or the subscriber's language. */
const unsubscribedMessage = () => translatorFor("es", "outcomes")("newsletterUnsubscribed");

/**
 * Double opt-in signup. The answer is the same whether the address is new, pending, confirmed or
 * unsubscribed, so the form never reveals who is on the list. One row per address whatever the case or
 * concurrency (citext unique + INSERT … ON CONFLICT DO NOTHING); the claim on `confirmation_sent_at` is a
 * single conditional UPDATE, so concurrent signups mail at most once per hour.
 */
export async function subscribe(db: DbClient, input: SubscribeInput, now = new Date()): Promise<{ message: string }> {
  const locale = input.locale ?? "es";
  const message = translatorFor(locale, "outcomes")("newsletterCheckInbox");
  if (input.website) return { message }; // honeypot filled: a bot; pretend all is well
  const email = input.email.trim();
  const source = input.source || "web";

  await db.newsletterSubscription.createMany({
    data: [{ email, locale, source, status: "pending", confirmation_token: newToken(), unsubscribe_token: newToken() }],
    skipDuplicates: true,
  });
  // Coming back after unsubscribing starts a new opt-in.
  await db.newsletterSubscription.updateMany({
    where: { email, status: "unsubscribed" },
    data: {
      status: "pending",
      subscribed: false,
      locale,
      source,
      confirmation_token: newToken(),
      confirmation_sent_at: null,
    },
  });
  // An expired link is never revived: the next mail carries a new one.
  await db.newsletterSubscription.updateMany({
    where: { email, status: "pending", confirmation_sent_at: { lt: new Date(now.getTime() - CONFIRMATION_TTL_MS) } },
    data: { confirmation_token: newToken() },
  });
  const claimed = await db.newsletterSubscription.updateMany({
    where: {
      email,
      OR: [
        { confirmation_sent_at: null },
        { confirmation_sent_at: { lt: new Date(now.getTime() - SIGNUP_MAIL_INTERVAL_MS) } },
      ],
    },
    data: { confirmation_sent_at: now },
  });
  if (claimed.count === 1) {
    const row = await db.newsletterSubscription.findUniqueOrThrow({ where: { email }, select: { id: true } });
    // Sent by a retried job, so a provider outage does not fail the signup.
    const key = `${row.id}-${now.getTime()}`;
    await enqueue(signupMailJob, { subscriptionId: row.id, key }, { id: key });
  }
  return { message };
}

/**
 * Confirms the opt-in. Idempotent: the link may be clicked twice. Unknown tokens change nothing; a pending
 * subscription's link expires CONFIRMATION_TTL_MS after it was mailed (`expired`: the page says so).
 */
export async function confirmSubscription(
  db: DbClient,
  token: string,
  now = new Date(),
): Promise<{ confirmed: boolean; expired?: boolean }> {
  const row = await db.newsletterSubscription.findUnique({ where: { confirmation_token: token } });
  if (!row?.confirmation_token || !tokensEqual(row.confirmation_token, token)) return { confirmed: false };
  if (row.status === "unsubscribed") return { confirmed: false };
  const mailedAt = row.confirmation_sent_at ?? row.created_at;
  if (row.status === "pending" && now.getTime() - mailedAt.getTime() > CONFIRMATION_TTL_MS)
    return { confirmed: false, expired: true };
  if (row.status === "pending") {
    const suppressed = await db.emailSuppression.findUnique({ where: { email: row.email } });
    await db.newsletterSubscription.update({
      where: { id: row.id },
      data: { status: "confirmed", subscribed: !suppressed, confirmed_at: now },
    });
  }
  return { confirmed: true };
}

/** Unsubscribes by the per-subscriber token. Unknown or malformed tokens change nothing. */
export async function unsubscribe(
  db: DbClient,
  token: string,
  now = new Date(),
): Promise<{ success: boolean; message: string }> {
  const row = await db.newsletterSubscription.findUnique({ where: { unsubscribe_token: token } });
  if (!row || !tokensEqual(row.unsubscribe_token, token)) return { success: false, message: unsubscribedMessage() };
  if (row.status !== "unsubscribed") {
    await db.newsletterSubscription.update({
      where: { id: row.id },
      data: { status: "unsubscribed", subscribed: false, unsubscribed_at: now },
    });
  }
  return { success: true, message: unsubscribedMessage() };
}

/** The language a subscriber signed up in (where their unsubscribe page lives); Spanish for unknown tokens. */
export async function subscriberLocale(db: DbClient, token: string): Promise<"es" | "en"> {
  const row = await db.newsletterSubscription.findUnique({
    where: { unsubscribe_token: token },
    select: { locale: true },
  });
  return row?.locale === "en" ? "en" : "es";
}
