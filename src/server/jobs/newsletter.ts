import { z } from "zod";
import { db } from "~/server/db.ts";
import { finalizeNewsletter, markNewsletterFailed, planBatches, sendBatch } from "~/server/services/newsletter/send.ts";
import { sendSignupMail } from "~/server/services/newsletter/signup-mail.ts";
import { defineJob } from "./contract.ts";

/** Batches sent concurrently; Resend's rate limit answers 429 beyond it and sendBatch waits as told. */
const SEND_CONCURRENCY = 4;

/** The double opt-in (or "already subscribed") mail of one signup, retried if the provider is down. */
export const signupMailJob = defineJob({
  name: "newsletter/signup-mail.requested",
  schema: z.object({ subscriptionId: z.string(), key: z.string() }),
  retries: 5,
  handler: async ({ subscriptionId, key }, { step }) =>
    step.run("send", () => sendSignupMail(db, subscriptionId, `signup-${key}`)),
});

/**
 * Sends a newsletter: plan the batches once, then one memoised step per batch (≤ 100 recipients, its own
 * status row and Resend idempotency key), then mark it sent. A retry or an admin "retry" resumes at the first
 * unsent batch. Note: Inngest caps a run at 1,000 steps, i.e. ~99,800 recipients per run at 100 per batch.
 */
export const sendNewsletterJob = defineJob({
  name: "newsletter/send.requested",
  schema: z.object({ newsletterId: z.string(), attempt: z.number().int().min(0).default(0) }),
  retries: 4,
  handler: async ({ newsletterId }, { step, attempt, log }) => {
    try {
      const { batchCount } = await step.run("plan", () => planBatches(db, newsletterId));
      // A few batches in flight at once (parallel steps); each is still its own memoised, retried step.
      for (let start = 0; start < batchCount; start += SEND_CONCURRENCY) {
        const group = Array.from({ length: Math.min(SEND_CONCURRENCY, batchCount - start) }, (_, k) => start + k);
        // allSettled: let every batch of the group finish (and be marked) before a failure ends this attempt.
        const settled = await Promise.allSettled(
          group.map((i) => step.run(`batch-${i}`, () => sendBatch(db, newsletterId, i))),
        );
        const failure = settled.find((r) => r.status === "rejected");
        if (failure) throw failure.reason;
      }
      const done = await step.run("finalize", () => finalizeNewsletter(db, newsletterId));
      log(`newsletter ${newsletterId} sent to ${done.sent_count}`);
      return done;
    } catch (err) {
      // Under Inngest a step error reaches this code only once that step is out of retries.
      const final = attempt >= 4 || (err as Error)?.name === "StepError";
      if (final) await markNewsletterFailed(db, newsletterId, (err as Error)?.message ?? String(err));
      throw err;
    }
  },
});
