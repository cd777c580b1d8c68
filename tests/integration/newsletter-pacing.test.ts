import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { buildNewsletter, buildSubscriptions } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";
import { startFakeResend } from "../support/resend-env.ts";

/**
 * The send is paced to the provider: the fake Resend answers 429 to a request beyond RATE per second, as Resend
 * does. At RESEND_MAX_RPS = RATE the send meets no 429 and its observed rate is within 10 % of RATE.
 * A database of its own (a send mails every subscriber), in the serial tier: the pace is measured, and the
 * fake answers in this process, so other files' load would stretch each answer and slow the pace.
 */
const RATE = 2; // Resend's documented default
process.env.RESEND_MAX_RPS = String(RATE);
const database = await createPrivateDatabase("pacing");
const fake = await startFakeResend({ keepBodies: false, maxPerSecond: RATE });
const { db } = await import("~/platform/db/db.ts");
const { runJob, settleJobs } = await import("../support/jobs.ts");
const { sendNewsletterJob } = await import("~/features/newsletter/jobs.ts");
const { resendPacer } = await import("~/features/mail/pacer.ts");

const run = randomBytes(4).toString("hex");
await expectAppOn(db, database.name);

afterAll(async () => {
  await settleJobs();
  await fake.close();
});

async function newsletterTo(subscribers: number, tag: string) {
  // Only this send's subscribers are confirmed: the earlier case's are unsubscribed first.
  await db.newsletterSubscription.updateMany({ data: { subscribed: false } });
  await buildSubscriptions(
    db,
    Array.from({ length: subscribers }, (_, i) => ({ email: `ritmo.${tag}.${i}.${run}@example.com`, locale: "es" })),
  );
  return buildNewsletter(db, { subject_es: `Ritmo ${tag}`, status: "sending", items: [] });
}

const batchCalls = () => fake.calls.filter((c) => c.path === "/emails/batch");

describe("a send paced to the provider's rate", () => {
  it(`at RESEND_MAX_RPS=${RATE}: no 429, and the observed rate is within 10 % of it`, async () => {
    const n = await newsletterTo(2000, "exacto"); // 20 batches: 10 s at 2/s
    fake.reset();
    await runJob(sendNewsletterJob, { newsletterId: n.id, attempt: 0 });
    const calls = batchCalls();
    console.log(`[pacing] ${calls.map((c) => `${c.at - calls[0]!.at}:${c.outcome}`).join(" ")}`);
    expect(calls).toHaveLength(20);
    expect(calls.filter((c) => c.outcome === 429)).toHaveLength(0);
    const seconds = (calls.at(-1)!.at - calls[0]!.at) / 1000;
    const observed = (calls.length - 1) / seconds;
    console.log(`[pacing] ${calls.length} calls in ${seconds.toFixed(2)} s: ${observed.toFixed(2)}/s`);
    expect(Math.abs(observed - RATE) / RATE).toBeLessThanOrEqual(0.1);
    expect((await db.newsletter.findUniqueOrThrow({ where: { id: n.id } })).status).toBe("sent");
  }, 60_000);

  it("a provider stricter than the setting answers 429: the pace drops, and everyone still gets one e-mail", async () => {
    const n = await newsletterTo(600, "estricto");
    fake.reset();
    fake.maxPerSecond = 1;
    const before = resendPacer().requestsPerSecond;
    await runJob(sendNewsletterJob, { newsletterId: n.id, attempt: 0 });
    fake.maxPerSecond = RATE;
    expect(batchCalls().filter((c) => c.outcome === 429).length).toBeGreaterThan(0);
    expect(resendPacer().requestsPerSecond).toBeLessThan(before);
    const counts = [...fake.perRecipient.values()];
    expect(counts).toHaveLength(600);
    expect(counts.every((c) => c === 1)).toBe(true);
  }, 90_000);
});
