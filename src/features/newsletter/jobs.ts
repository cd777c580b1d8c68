import { z } from "zod";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { finalizeNewsletter, markNewsletterFailed, planBatches, sendBatch } from "./send.ts";
import { sendSignupMail } from "./signup-mail.ts";

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

/** Batches per fan-out group under Inngest: 500 batch steps + 1 closing step stay far below its 1,000-step cap. */
export const GROUP_BATCHES = 500;
export const SEND_GROUP = "newsletter/send.group";

type Step = Parameters<(typeof signupMailJob)["handler"]>[1]["step"];

/** Batches first…last-1, a few in flight at once; each is its own memoised step (its own idempotency key). */
async function sendRange(step: Step, newsletterId: string, first: number, last: number) {
  for (let start = first; start < last; start += SEND_CONCURRENCY) {
    const group = Array.from({ length: Math.min(SEND_CONCURRENCY, last - start) }, (_, k) => start + k);
    // allSettled: let every batch of the group finish (and be marked) before a failure ends this attempt.
    const settled = await Promise.allSettled(
      group.map((i) => step.run(`batch-${i}`, () => sendBatch(db, newsletterId, i))),
    );
    const failure = settled.find((r) => r.status === "rejected");
    if (failure) throw failure.reason;
  }
}

/** The fan-out plan: one event per group of GROUP_BATCHES batches; the event id makes a re-sent plan a no-op. */
function planGroups(newsletterId: string, attempt: number, batchCount: number) {
  return Array.from({ length: Math.ceil(batchCount / GROUP_BATCHES) }, (_, g) => ({
    name: SEND_GROUP,
    id: `${newsletterId}-${attempt}-group-${g}`,
    data: {
      newsletterId,
      attempt,
      first: g * GROUP_BATCHES,
      last: Math.min(batchCount, (g + 1) * GROUP_BATCHES),
    },
  }));
}

async function failWhenFinal(newsletterId: string, attempt: number, err: unknown) {
  // Under Inngest a step error reaches this code only once that step is out of retries.
  const final = attempt >= 4 || (err as Error)?.name === "StepError";
  if (final) await markNewsletterFailed(db, newsletterId, (err as Error)?.message ?? String(err));
}

/**
 * Sends a newsletter: plan the batches once, then one memoised step per batch (≤ 100 recipients, its own
 * status row and Resend idempotency key), then mark it sent. A retry or an admin "retry" resumes at the first
 * unsent batch. On the embedded engine it is one run (steps live in PostgreSQL, no cap). Under Inngest, which
 * caps a run at 1,000 steps, a plan of more than GROUP_BATCHES batches fans out: one event per group, each
 * group its own run (newsletter/send.group); the group that finds every batch sent marks the newsletter sent.
 */
export const sendNewsletterJob = defineJob({
  name: "newsletter/send.requested",
  schema: z.object({ newsletterId: z.string(), attempt: z.number().int().min(0).default(0) }),
  retries: 4,
  handler: async ({ newsletterId, attempt: sendAttempt }, { step, attempt, log }) => {
    try {
      const { batchCount } = await step.run("plan", () => planBatches(db, newsletterId));
      if (step.sendEvent && batchCount > GROUP_BATCHES) {
        const groups = planGroups(newsletterId, sendAttempt, batchCount);
        await step.sendEvent("fan-out", groups);
        return { newsletterId, batchCount, groups: groups.length };
      }
      await sendRange(step, newsletterId, 0, batchCount);
      const done = await step.run("finalize", () => finalizeNewsletter(db, newsletterId));
      log(`newsletter ${newsletterId} sent to ${done.sent_count}`);
      return done;
    } catch (err) {
      await failWhenFinal(newsletterId, attempt, err);
      throw err;
    }
  },
});

/** One fan-out group of a send (under Inngest): its batches, then "sent" if no batch of the send is left. */
export const sendNewsletterGroupJob = defineJob({
  name: SEND_GROUP,
  schema: z.object({
    newsletterId: z.string(),
    attempt: z.number().int().min(0),
    first: z.number().int().min(0),
    last: z.number().int().min(0),
  }),
  retries: 4,
  handler: async ({ newsletterId, first, last }, { step, attempt }) => {
    try {
      await sendRange(step, newsletterId, first, last);
      return await step.run("finish-if-complete", async () => {
        const left = await db.newsletterBatch.count({
          where: { newsletter_id: newsletterId, status: { not: "sent" } },
        });
        return left > 0 ? { newsletterId, batchesLeft: left } : finalizeNewsletter(db, newsletterId);
      });
    } catch (err) {
      await failWhenFinal(newsletterId, attempt, err);
      throw err;
    }
  },
});
