import { type BatchRecipient, type BatchSendDeps, sendEmailBatch } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError } from "~/platform/errors.ts";
import type { JobFailure } from "~/platform/jobs/define-job.ts";
import { personalise, renderNewsletter } from "../compose/render-newsletter.ts";
import { unsubscribeToken } from "../tokens.ts";
import { listUnsubscribeHeaders } from "../urls.ts";
import { BATCH_SIZE } from "./send-pace.ts";

const PLAN_FLUSH = 500;

interface Recipient {
  id: string;
  email: string;
  locale: string;
  token_generation: number;
}

/**
 * Splits the active subscribers into batches of ≤ BATCH_SIZE by id (keyset pages: only one page of ids is
 * in memory at a time). Runs once per newsletter: a resumed send reuses the batches already planned.
 */
export async function planBatches(db: DbClient, newsletterId: string, batchSize = BATCH_SIZE) {
  const existing = await db.newsletterBatch.count({ where: { newsletter_id: newsletterId } });
  if (existing > 0) return { batchCount: existing };
  let cursor: string | undefined;
  let index = 0;
  let total = 0;
  let pending: {
    newsletter_id: string;
    index: number;
    first_id: string;
    last_id: string;
    recipient_count: number;
    idempotency_key: string;
  }[] = [];
  const flush = async () => {
    if (pending.length) await db.newsletterBatch.createMany({ data: pending, skipDuplicates: true });
    pending = [];
  };
  for (;;) {
    const page = await db.newsletterSubscription.findMany({
      where: { subscribed: true, status: "confirmed", ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: "asc" },
      select: { id: true },
      take: batchSize,
    });
    if (page.length === 0) break;
    const first = page[0]!.id;
    cursor = page[page.length - 1]!.id;
    pending.push({
      newsletter_id: newsletterId,
      index,
      first_id: first,
      last_id: cursor,
      recipient_count: page.length,
      // Stable per batch across retries: Resend then refuses to deliver the same batch twice.
      idempotency_key: `newsletter-${newsletterId}-batch-${index}`,
    });
    index++;
    total += page.length;
    if (pending.length >= PLAN_FLUSH) await flush();
  }
  await flush();
  await db.newsletter.update({ where: { id: newsletterId }, data: { recipient_count: total } });
  return { batchCount: index };
}

/**
 * The batch's recipients now: still confirmed and still subscribed (mail leaves out suppressed addresses).
 * Raw SQL keeps the email as text and the rows small: only what the mail needs.
 */
function batchRecipients(db: DbClient, firstId: string, lastId: string) {
  return db.$queryRaw<Recipient[]>`
    SELECT s.id, s.email::text AS email, s.locale, s.token_generation
    FROM newsletter_subscriptions s
    WHERE s.id >= ${firstId} AND s.id <= ${lastId} AND s.subscribed AND s.status = 'confirmed'
    ORDER BY s.id`;
}

/**
 * Sends batch `index` exactly once, through mail's batch sender (suppression, pacing, provider or outbox). A
 * batch marked sent is skipped; the mark and the sent count are one conditional transaction, the one that
 * also stores the outbox copies. With Resend the batch carries its idempotency key, so if we crashed after
 * Resend accepted it but before marking it, the retry is answered from Resend's record and nobody gets a
 * second copy.
 */
export async function sendBatch(db: DbClient, newsletterId: string, index: number, deps?: BatchSendDeps) {
  const batch = await db.newsletterBatch.findUnique({
    where: { newsletter_id_index: { newsletter_id: newsletterId, index } },
  });
  if (!batch) throw new AppError("NOT_FOUND", `Batch ${index} not found`);
  if (batch.status === "sent") return { index, skipped: true, sent: batch.recipient_count };
  const newsletter = await db.newsletter.findUniqueOrThrow({ where: { id: newsletterId } });
  await db.newsletterBatch.update({ where: { id: batch.id }, data: { attempts: { increment: 1 } } });

  const rows = await batchRecipients(db, batch.first_id, batch.last_id);
  const rendered = {
    es: await renderNewsletter(newsletter, "es"),
    en: await renderNewsletter(newsletter, "en"),
  };
  // Each copy is composed when the request body is written, one at a time (see mail's batch sender).
  const recipients: BatchRecipient[] = rows.map((r) => ({
    to: r.email,
    compose: () => {
      const copy = rendered[r.locale === "en" ? "en" : "es"];
      const token = unsubscribeToken(r, batch.created_at); // the batch's time: a retry sends the same bytes
      return { subject: copy.subject, ...personalise(copy, token), headers: listUnsubscribeHeaders(token, r.locale) };
    },
  }));
  const askedAt = new Date();
  const { sent } = await sendEmailBatch(
    db,
    {
      label: `Batch ${index}`,
      recipients,
      tag: { name: "newsletter", value: newsletterId },
      idempotencyKey: batch.idempotency_key,
      recordSent: async (tx, count) => {
        const marked = await tx.newsletterBatch.updateMany({
          where: { id: batch.id, status: { not: "sent" } },
          data: { status: "sent", sent_at: new Date(), error: null, recipient_count: count },
        });
        if (marked.count === 0) return false; // a concurrent run got here first
        await tx.newsletter.update({
          where: { id: newsletterId },
          data: { sent_count: { increment: count }, progress_at: new Date() },
        });
        // The provider took a batch asked for after the outage was noted: the outage is over. One asked for
        // before (in flight while another lane met the outage) says nothing of now.
        await tx.newsletter.updateMany({
          where: { id: newsletterId, provider_down_since: { lte: askedAt } },
          data: { provider_down_since: null, provider_retry_at: null },
        });
        return true;
      },
      // Conditional: a concurrent attempt may have marked it sent meanwhile, and sent must stay sent.
      recordFailed: async (message) => {
        await db.newsletterBatch.updateMany({
          where: { id: batch.id, status: { not: "sent" } },
          data: { status: "failed", error: message },
        });
      },
    },
    deps,
  );
  return { index, skipped: false, sent };
}

/** Ends the send: 'sent' with counts once every batch is out (and nothing left waiting for the provider). */
export async function finalizeNewsletter(db: DbClient, newsletterId: string) {
  const unsent = await db.newsletterBatch.count({ where: { newsletter_id: newsletterId, status: { not: "sent" } } });
  if (unsent > 0) throw new AppError("CONFLICT", `${unsent} batches are not sent yet`);
  const sent = await db.newsletterBatch.aggregate({
    where: { newsletter_id: newsletterId },
    _sum: { recipient_count: true },
  });
  return db.newsletter.update({
    where: { id: newsletterId },
    data: {
      status: "sent",
      sent_at: new Date(),
      failure_reason: null,
      sent_count: sent._sum.recipient_count ?? 0,
      provider_down_since: null,
      provider_retry_at: null,
    },
    select: { id: true, status: true, sent_count: true, recipient_count: true },
  });
}

export const CANCELLED_REASON = "Envío cancelado por un operador";

export async function markNewsletterFailed(db: DbClient, newsletterId: string, reason: string) {
  await db.newsletter.updateMany({
    where: { id: newsletterId, status: { not: "sent" } },
    data: { status: "failed", failure_reason: reason.slice(0, 1000) },
  });
}

/**
 * The send job's failure hook: its final failure marks the newsletter failed with the reason, and so does an
 * operator's cancel (admin › Trabajos), so it never stays "sending" with no job behind it. Either way the
 * admin sees why and can send again, which resumes at the first unsent batch.
 */
export async function recordSendFailure(db: DbClient, newsletterId: string, failure: JobFailure) {
  if (!failure.final) return;
  await markNewsletterFailed(db, newsletterId, failure.cancelled ? CANCELLED_REASON : failure.message);
}

export const countUnsentBatches = (db: DbClient, newsletterId: string) =>
  db.newsletterBatch.count({ where: { newsletter_id: newsletterId, status: { not: "sent" } } });

/** True once a send was requested (it is running, or done). */
export async function sendUnderway(db: DbClient, newsletterId: string) {
  const row = await db.newsletter.findUnique({ where: { id: newsletterId }, select: { status: true } });
  return row?.status === "sending" || row?.status === "sent";
}
