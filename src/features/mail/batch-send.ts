import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { env } from "~/platform/env/env.js";
import { AppError } from "~/platform/errors.ts";
import { faultPoint } from "~/platform/faults.ts";
import { type ResendEmail, type ResendOutcome, resendBatch, resendClient } from "~/platform/providers/resend.ts";
import { type Pacer, resendPacer } from "./pacer.ts";
import { suppressedAmong } from "./suppression.ts";

/** One recipient's e-mail, personalised. */
export interface BatchEmail {
  subject: string;
  html: string;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * One recipient of a batch: the address, and their e-mail composed only when it is written into the request
 * (or the outbox). A batch in flight then holds its request body, not a personalised copy per recipient.
 */
export interface BatchRecipient {
  to: string;
  compose: () => BatchEmail;
}

export interface BatchToSend {
  /** Names the batch in errors, e.g. "Batch 3". */
  label: string;
  recipients: BatchRecipient[];
  /** Tags the provider's events and the outbox copies (`name:value`), e.g. one newsletter's mail. */
  tag: { name: string; value: string };
  /** Stable across retries of the same batch: the provider then refuses to deliver it twice. */
  idempotencyKey: string;
  /**
   * Records the batch as sent, in the transaction that also stores its outbox copies; answers false when a
   * concurrent run recorded it first, and then nothing is written.
   */
  recordSent: (tx: Prisma.TransactionClient, sent: number) => Promise<boolean>;
  /**
   * The provider refused the batch for good (not merely unavailable): the sender notes why before the error
   * ends the attempt.
   */
  recordFailed: (message: string) => Promise<void>;
}

/** What the batch sender needs from outside: the provider (null: outbox only), its pace and the sender address. */
export interface BatchSendDeps {
  /** Reads `emails` once per request, one e-mail at a time, as it writes the body. */
  provider: { send: (emails: Iterable<ResendEmail>, idempotencyKey: string) => Promise<ResendOutcome> } | null;
  pacer: Pacer;
  from: string;
  sleep: (ms: number) => Promise<void>;
}

/** Resend's batch endpoint takes at most 100 e-mails per call. */
export const MAX_BATCH = 100;
const RATE_LIMIT_RETRIES = 5;
/** A loaded server must not fail a batch the provider already accepted at Prisma's 2 s wait for a connection. */
const TX_LIMITS = { maxWait: 30_000, timeout: 30_000 };

/** The running site's dependencies: Resend when configured, the process's shared pace, EMAIL_FROM. */
export function resendBatchDeps(): BatchSendDeps {
  const resend = resendClient();
  return {
    provider: resend ? { send: (emails, key) => resendBatch(resend, emails, key) } : null,
    pacer: resendPacer(),
    from: env.EMAIL_FROM,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

/**
 * The one way the site sends many e-mails at once (the newsletter), beside sendEmail for a single one.
 * Suppressed addresses are left out, the provider call is paced and waits out rate limits, and the batch is
 * recorded once: with a provider the record follows the accepted call (a crash in between is answered from
 * the provider's idempotency record on retry, so nobody gets a second copy); without one, the copies land in
 * the outbox in the same transaction as the record, so they are stored exactly once.
 */
export async function sendEmailBatch(db: DbClient, batch: BatchToSend, deps: BatchSendDeps = resendBatchDeps()) {
  if (batch.recipients.length > MAX_BATCH) throw new Error(`A batch holds at most ${MAX_BATCH} e-mails`);
  const suppressed = await suppressedAmong(
    db,
    batch.recipients.map((r) => r.to),
  );
  const recipients = batch.recipients.filter((r) => !suppressed.has(r.to.toLowerCase()));
  if (deps.provider && recipients.length > 0) await deliver(deps, recipients, batch);
  const tag = `${batch.tag.name}:${batch.tag.value}`;
  const recorded = await db.$transaction(async (tx) => {
    if (!(await batch.recordSent(tx, recipients.length))) return false;
    if (!deps.provider && recipients.length > 0) {
      await tx.emailMessage.createMany({
        data: recipients.map((r) => {
          const e = r.compose();
          return {
            to: r.to,
            subject: e.subject,
            html: e.html,
            text: e.text ?? null,
            headers: e.headers ?? {},
            tag,
            status: "queued" as const,
          };
        }),
      });
    }
    return true;
  }, TX_LIMITS);
  return { sent: recipients.length, recorded };
}

/**
 * The batch as the provider takes it, each e-mail composed as the request body is written and dropped once
 * written; each request (a retry too) composes them again, the same bytes since composing is deterministic.
 */
function providerEmails(deps: BatchSendDeps, recipients: BatchRecipient[], batch: BatchToSend): Iterable<ResendEmail> {
  return {
    *[Symbol.iterator]() {
      for (const r of recipients) yield { from: deps.from, to: r.to, ...r.compose(), tags: [batch.tag] };
    },
  };
}

/**
 * The provider could not take the batch for now (5xx, 429, a timeout, a refused connection): nothing was
 * delivered, or it was and the same idempotency key makes the retry a replay. The batch stays unsent and the
 * caller decides how long to wait; `retryAfterMs` is the provider's own hint, if it gave one.
 */
export class ProviderUnavailableError extends AppError {
  override name = "ProviderUnavailableError";
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super("SERVICE_UNAVAILABLE", message, { reason: "emailProviderUnavailable" });
  }
}

async function deliver(deps: BatchSendDeps, recipients: BatchRecipient[], batch: BatchToSend) {
  const payload = providerEmails(deps, recipients, batch);
  for (let attempt = 0; ; attempt++) {
    const outcome = await deps.pacer.run(() => deps.provider!.send(payload, batch.idempotencyKey));
    if (outcome.ok) {
      deps.pacer.accepted();
      faultPoint("after-batch-accepted", batch.tag.value);
      return;
    }
    // Rate limits: slow every sender of this process down, wait as told and try again within this attempt.
    if (outcome.retryAfterSeconds !== undefined && attempt < RATE_LIMIT_RETRIES) {
      deps.pacer.refused();
      await deps.sleep(Math.min(outcome.retryAfterSeconds, 30) * 1000);
      continue;
    }
    const message = `${batch.label}: ${outcome.message}`;
    if (outcome.retryable) {
      throw new ProviderUnavailableError(
        message,
        outcome.retryAfterSeconds === undefined ? undefined : outcome.retryAfterSeconds * 1000,
      );
    }
    // Refused for good (a 4xx other than 429): retrying the same request cannot help.
    await batch.recordFailed(outcome.message);
    throw new AppError("SERVICE_UNAVAILABLE", message);
  }
}
