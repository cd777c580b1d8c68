import { isSuppressed } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { signupMailJob } from "../jobs.ts";
import type { SubscribeInput } from "../schema.ts";
import { CONFIRMATION_TTL_MS, legacyTokenHash, readToken, UNSUBSCRIBE_TOKEN_TTL_MS } from "../tokens.ts";

/** A subscriber is mailed about their own signup at most once per hour, however often the form is sent. */
const SIGNUP_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** docs/product.md: the unsubscribe answer is this Spanish sentence whatever the outcome or the subscriber's language. */
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
    data: [{ email, locale, source, status: "pending" }],
    skipDuplicates: true,
  });
  // Coming back after unsubscribing starts a new opt-in, with new tokens (tokens.ts): confirmation links
  // of the earlier one stop working.
  await db.newsletterSubscription.updateMany({
    where: { email, status: "unsubscribed" },
    data: {
      status: "pending",
      subscribed: false,
      locale,
      source,
      token_generation: { increment: 1 },
      legacy_confirmation_hash: null,
      confirmation_sent_at: null,
    },
  });
  const claimed = await db.newsletterSubscription.updateMany({
    where: {
      email,
      OR: [
        { confirmation_sent_at: null },
        { confirmation_sent_at: { lt: new Date(now.getTime() - SIGNUP_MAIL_INTERVAL_MS) } },
      ],
    },
    // The new mail's link replaces one mailed before tokens were derived (which must not be revived by it).
    data: { confirmation_sent_at: now, legacy_confirmation_hash: null },
  });
  if (claimed.count === 1) {
    const row = await db.newsletterSubscription.findUniqueOrThrow({ where: { email }, select: { id: true } });
    // Sent by a retried job, so a provider outage does not fail the signup.
    const key = `${row.id}-${now.getTime()}`;
    await enqueue(signupMailJob, { subscriptionId: row.id, key }, { id: key });
  }
  return { message };
}

/** The subscription a confirmation link belongs to, while the link is valid (else why not). */
async function confirmationTarget(db: DbClient, token: string, now: Date) {
  const claims = readToken("confirm", token);
  if (claims) {
    const row = await db.newsletterSubscription.findUnique({ where: { id: claims.id } });
    // A link of an earlier opt-in (before an unsubscribe and a new signup) is retired.
    if (!row || row.token_generation !== claims.token_generation) return { row: null };
    return { row, expired: now.getTime() - claims.issuedAt.getTime() > CONFIRMATION_TTL_MS };
  }
  const row = await db.newsletterSubscription.findUnique({
    where: { legacy_confirmation_hash: legacyTokenHash(token) },
  });
  if (!row) return { row: null };
  const mailedAt = row.confirmation_sent_at ?? row.created_at;
  return { row, expired: now.getTime() - mailedAt.getTime() > CONFIRMATION_TTL_MS };
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
  const { row, expired } = await confirmationTarget(db, token, now);
  if (!row || row.status === "unsubscribed") return { confirmed: false };
  if (row.status === "pending" && expired) return { confirmed: false, expired: true };
  if (row.status === "pending") {
    const suppressed = await isSuppressed(db, row.email);
    await db.newsletterSubscription.update({
      where: { id: row.id },
      data: { status: "confirmed", subscribed: !suppressed, confirmed_at: now },
    });
  }
  return { confirmed: true };
}

/**
 * The subscription an unsubscribe link belongs to, while the link is valid: UNSUBSCRIBE_TOKEN_TTL_MS after
 * its mail, whatever happened since; a link mailed before tokens were derived, until `legacy_tokens_until`.
 */
async function unsubscribeTarget(db: DbClient, token: string, now: Date) {
  const claims = readToken("unsubscribe", token);
  if (claims) {
    if (now.getTime() - claims.issuedAt.getTime() > UNSUBSCRIBE_TOKEN_TTL_MS) return null;
    return db.newsletterSubscription.findUnique({ where: { id: claims.id } });
  }
  const row = await db.newsletterSubscription.findUnique({
    where: { legacy_unsubscribe_hash: legacyTokenHash(token) },
  });
  return row?.legacy_tokens_until && row.legacy_tokens_until > now ? row : null;
}

/** Unsubscribes by a token from one of the subscriber's mails. Unknown, expired or malformed tokens change nothing. */
export async function unsubscribe(
  db: DbClient,
  token: string,
  now = new Date(),
): Promise<{ success: boolean; message: string }> {
  const row = await unsubscribeTarget(db, token, now);
  if (!row) return { success: false, message: unsubscribedMessage() };
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
  const row = await unsubscribeTarget(db, token, new Date());
  return row?.locale === "en" ? "en" : "es";
}

/** Mail suppressed this address (a bounce or a complaint): it stops counting as an active subscriber. */
export async function stopMailingSuppressed(db: DbClient, email: string): Promise<void> {
  await db.newsletterSubscription.updateMany({ where: { email }, data: { subscribed: false } });
}
