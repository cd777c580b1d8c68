import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { DbClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { AppError, notFound } from "~/platform/errors.ts";
import { faultPoint } from "~/platform/faults.ts";
import { defineJob } from "~/platform/jobs/define-job.ts";
import { claimScheduleSlot, enqueue, prepareJob, previousFire, wakeWorkers } from "~/platform/jobs/jobs-client.ts";
import { transactionExecutor } from "~/platform/jobs/live-runs.ts";
import { isProviderUnavailable, pauseSend, sendThroughOutage } from "./send/provider-outage.ts";
import {
  countUnsentBatches,
  finalizeNewsletter,
  planBatches,
  recordSendFailure,
  sendBatch,
  sendUnderway,
} from "./send/send.ts";
import { claimNewsletterSend } from "./send/send-control.ts";
import { sendSignupMail } from "./subscriptions/signup-mail.ts";

/**
 * Batches in flight at once: a few, so that a loaded machine still keeps the provider's pace (each request
 * waits its turn while the next batches are being prepared). Each holds its recipients and the one e-mail
 * being written into its request, so a few cost little memory.
 */
const IN_FLIGHT = 4;
/** Trabajos' progress is written at most this often (the newsletter's own count moves with every batch). */
const PROGRESS_EVERY_MS = 1000;

export const signupMailJob = defineJob({
  name: "newsletter/signup-mail.requested",
  schema: z.object({ subscriptionId: z.string(), key: z.string() }),
  retries: 5,
  handler: async ({ subscriptionId, key }, { step }) =>
    step.run("send", () => sendSignupMail(db, subscriptionId, `signup-${key}`)),
});

/**
 * Batches per fan-out group: 500 batch steps + 1 closing step stay far below Inngest's 1,000-step cap, and on
 * the embedded engine the groups of a large send run side by side, each resumable on its own.
 */
export const GROUP_BATCHES = 500;
export const SEND_GROUP = "newsletter/send.group";

type Step = Parameters<(typeof signupMailJob)["handler"]>[1]["step"];

type Progress = ((done: number, total: number) => Promise<void>) | undefined;

/**
 * A send loads only what it needs: the archive's cached reads (Next's data cache, wanted once the send ends)
 * and the Top 5's generation (every content feature) are imported by the steps that use them, so a process
 * that only sends holds neither.
 */
async function finalizeSend(newsletterId: string) {
  const { finalizeAndPublish } = await import("./archive/cache.ts");
  return finalizeAndPublish(db, newsletterId, finalizeNewsletter);
}

/** Tells the runtime how far the send is: recipients delivered of its total (Trabajos shows it). */
async function reportProgress(progress: Progress, newsletterId: string) {
  if (!progress) return;
  const n = await db.newsletter.findUnique({
    where: { id: newsletterId },
    select: { sent_count: true, recipient_count: true },
  });
  if (n) await progress(n.sent_count, n.recipient_count);
}

/**
 * Batches first…last-1, a few in flight at once, the next one started as soon as one ends; each is its own
 * memoised step (its own idempotency key). A provider outage is waited out batch by batch (no attempt of the
 * job is spent) until it has lasted NEWSLETTER_OUTAGE_PAUSE_MS: then the send is paused. After any other
 * failure no batch is started, those in flight finish (and are marked), then the failure ends the attempt.
 */
async function sendRange(step: Step, newsletterId: string, first: number, last: number, progress?: Progress) {
  let next = first;
  let failure: { reason: unknown } | undefined;
  let paused = false;
  let reportedAt = Date.now();
  const lane = async () => {
    while (!failure && !paused && next < last) {
      const i = next++;
      try {
        const sent = await sendThroughOutage(
          db,
          newsletterId,
          () => step.run(`batch-${i}`, () => sendBatch(db, newsletterId, i)),
          () => paused || failure !== undefined,
        );
        if (sent === "paused") paused = true;
      } catch (reason) {
        // Still unavailable when another lane paused the send: that batch waits for the resume too.
        if (!(paused && isProviderUnavailable(reason))) failure ??= { reason };
        return;
      }
      if (Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reportedAt = Date.now();
        await reportProgress(progress, newsletterId);
      }
      faultPoint("between-batches", newsletterId);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  if (failure) throw failure.reason;
  await reportProgress(progress, newsletterId);
  if (!paused) return "done" as const;
  await pauseSend(db, newsletterId);
  return "paused" as const;
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

/**
 * Sends a newsletter: plan the batches once, then one memoised step per batch (≤ 100 recipients, its own
 * status row and Resend idempotency key), then mark it sent. A retry or an admin "retry" resumes at the first
 * unsent batch. A plan of more than GROUP_BATCHES batches fans out, on either jobs provider: one event per
 * group, each group its own run (newsletter/send.group), which keeps an Inngest run under its 1,000-step cap;
 * the group that finds every batch sent marks the newsletter sent.
 */
export const sendNewsletterJob = defineJob({
  name: "newsletter/send.requested",
  schema: z.object({ newsletterId: z.string(), attempt: z.number().int().min(0).default(0) }),
  retries: 4,
  onFailure: ({ newsletterId }, failure) => recordSendFailure(db, newsletterId, failure),
  handler: async ({ newsletterId, attempt: sendAttempt }, { step, log, progress }) => {
    const { batchCount } = await step.run("plan", () => planBatches(db, newsletterId));
    if (batchCount > GROUP_BATCHES) {
      const groups = planGroups(newsletterId, sendAttempt, batchCount);
      await step.sendEvent("fan-out", groups);
      return { newsletterId, batchCount, groups: groups.length };
    }
    if ((await sendRange(step, newsletterId, 0, batchCount, progress)) === "paused") {
      log(`newsletter ${newsletterId} paused: the e-mail provider is not responding`);
      return { newsletterId, paused: true };
    }
    const done = await step.run("finalize", () => finalizeSend(newsletterId));
    log(`newsletter ${newsletterId} sent to ${done.sent_count}`);
    return done;
  },
});

/** One fan-out group of a send: its batches, then "sent" if no batch of the send is left. */
export const sendNewsletterGroupJob = defineJob({
  name: SEND_GROUP,
  schema: z.object({
    newsletterId: z.string(),
    attempt: z.number().int().min(0),
    first: z.number().int().min(0),
    last: z.number().int().min(0),
  }),
  retries: 4,
  onFailure: ({ newsletterId }, failure) => recordSendFailure(db, newsletterId, failure),
  handler: async ({ newsletterId, first, last }, { step, progress }) => {
    // Each group shows the whole send's progress in Trabajos (the newsletter's own count).
    if ((await sendRange(step, newsletterId, first, last, progress)) === "paused")
      return { newsletterId, paused: true };
    return step.run("finish-if-complete", async () => {
      const left = await countUnsentBatches(db, newsletterId);
      return left > 0 ? { newsletterId, batchesLeft: left } : finalizeSend(newsletterId);
    });
  },
});

/** A loaded server must not abort the claim at Prisma's 5 s default. */
const TX_LIMITS = { maxWait: 30_000, timeout: 30_000 };

/**
 * Starts (or, after a failure, resumes) a send: the admin's "send" and the weekly job. The claim and the job
 * are one transaction (the engine's job row is inserted through it), so a crash at any moment leaves either
 * both or neither: never a newsletter "sending" with no job behind it. The job is keyed by the send's attempt,
 * so a repeated request does not start a second run; a key already taken by an earlier send that ended before
 * any batch was tried (an operator cancelled it) cannot be reused, so that request gets a key of its own.
 */
export async function requestNewsletterSend(client: DbClient, id: string) {
  faultPoint("before-claim", id);
  await prepareJob(sendNewsletterJob);
  await client.$transaction(async (tx) => {
    const { attempt } = await claimNewsletterSend(tx, id);
    faultPoint("after-claim", id);
    const payload = { newsletterId: id, attempt };
    const key = `newsletter-${id}-${attempt}`;
    const inTx = { db: transactionExecutor(tx) };
    const first = await enqueue(sendNewsletterJob, payload, { id: key, ...inTx });
    if (first.duplicate) await enqueue(sendNewsletterJob, payload, { id: `${key}-${randomUUID()}`, ...inTx });
  }, TX_LIMITS);
  await wakeWorkers(sendNewsletterJob);
  faultPoint("after-enqueue", id);
  return { success: true, status: "sending" as const };
}

/**
 * The admin's one click on a send paused by a provider outage: it resumes at the first unsent batch (the
 * batches already delivered are skipped, so nobody gets a second copy).
 */
export async function resumePausedSend(client: DbClient, id: string) {
  const row = await client.newsletter.findUnique({ where: { id }, select: { status: true } });
  if (!row) throw notFound("Newsletter");
  if (row.status !== "paused")
    throw new AppError("CONFLICT", "This newsletter is not paused", { reason: "newsletterNotPaused" });
  return requestNewsletterSend(client, id);
}

export const WEEKLY_NEWSLETTER = "newsletter/weekly.scheduled";

/**
 * The Friday Top 5 (NEWSLETTER_CRON, Friday 08:00 Europe/Madrid by default), on the embedded engine and under
 * Inngest alike: claim the week's fire slot (once across instances, engines and catch-up), generate the
 * newsletter, then send it — or, with NEWSLETTER_CRON_MODE=draft, leave it for an editor to send.
 */
export const weeklyNewsletterJob = defineJob({
  name: WEEKLY_NEWSLETTER,
  schema: z.object({ slot: z.string().datetime().optional() }),
  retries: 2,
  cron: env.NEWSLETTER_CRON_ENABLED ? env.NEWSLETTER_CRON : undefined,
  catchUp: true,
  handler: async ({ slot }, { step, runId }) => {
    const claim = await step.run("claim", async () => {
      const at = slot ? new Date(slot) : previousFire(env.NEWSLETTER_CRON);
      return { slot: at.toISOString(), won: await claimScheduleSlot(WEEKLY_NEWSLETTER, at, runId) };
    });
    if (!claim.won) return { slot: claim.slot, skipped: "already handled by another run" };
    const generated = await step.run("generate", async () => {
      const { generateWeeklyNewsletter } = await import("./compose/generate.ts");
      try {
        return { id: (await generateWeeklyNewsletter(db, new Date(claim.slot))).id, reason: null };
      } catch (err) {
        // Nothing published at all: nothing to send this week, which is not a failure of the job.
        if (err instanceof AppError && err.code === "BAD_REQUEST") return { id: null, reason: err.message };
        throw err;
      }
    });
    if (!generated.id) return { slot: claim.slot, skipped: generated.reason };
    if (env.NEWSLETTER_CRON_MODE === "draft") return { slot: claim.slot, newsletterId: generated.id, sent: false };
    await step.run("send", async () => {
      // A crash after the send was requested: the send job exists (or is finishing) already.
      if (await sendUnderway(db, generated.id!)) return;
      await requestNewsletterSend(db, generated.id!);
    });
    return { slot: claim.slot, newsletterId: generated.id, sent: true };
  },
});
