import { randomBytes } from "node:crypto";
import { createElement as h } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminRenderer } from "../support/admin-render.ts";
import { buildSubscriptions } from "../support/builders.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";
import { startFakeResend } from "../support/resend-env.ts";

/**
 * Resend down for longer than NEWSLETTER_OUTAGE_PAUSE_MS (30 min in production, 4 s here): the send pauses
 * (not failed: nothing to retry by hand batch by batch), the admin shows it and the alert stays open, and one
 * admin click resumes it once Resend is back, everyone getting exactly one copy. A database of its own.
 */
const SUBSCRIBERS = 350;
const PAUSE_MS = 4000;

const database = await createPrivateDatabase("nlpause");
const resend = await startFakeResend({ keepBodies: false });
vi.stubEnv("NEWSLETTER_OUTAGE_ALERT_MS", "1000");
vi.stubEnv("NEWSLETTER_OUTAGE_PAUSE_MS", String(PAUSE_MS));
vi.stubEnv("NEWSLETTER_OUTAGE_RETRY_MAX_MS", "300");

const { db } = await import("~/platform/db/db.ts");
const { runJob, settleJobs } = await import("../support/jobs.ts");
const { eventually } = await import("../support/resend-env.ts");
const { sendNewsletterGroupJob } = await import("~/features/newsletter/jobs.ts");
const { planBatches } = await import("~/features/newsletter/send/send.ts");
const { pauseSend } = await import("~/features/newsletter/send/provider-outage.ts");
const { checkNewsletterHealth } = await import("~/features/newsletter/health/health.ts");
const { adminSession, callerAs, userSession } = await import("../support/sessions.ts");
const { NewsletterRow } = await import("~/features/newsletter/ui/newsletter-row.tsx");
const render = await adminRenderer("es");
const admin = callerAs(adminSession).admin;
const uid = () => randomBytes(4).toString("hex");
let emails: string[] = [];

beforeAll(async () => {
  await expectAppOn(db, database.name);
  const run = uid();
  emails = await buildSubscriptions(
    db,
    Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `pausa.${i}.${run}@example.com`, locale: "es" })),
  );
  // Sent just now: the health check's Friday rule (a Top 5 due by noon) stays quiet whatever the day.
  const earlier = await createOneItemNewsletter(db, { subject: `Anterior ${run}` });
  await db.newsletter.update({ where: { id: earlier.id }, data: { status: "sent", sent_at: new Date() } });
});

afterAll(async () => {
  await settleJobs();
  vi.unstubAllEnvs();
  await resend.close();
});

const listed = async (id: string) => (await admin.newsletters.list()).find((n) => n.id === id)!;
/** Subscribers without exactly one copy of this newsletter (none missing, none twice). */
function notOnce(subject: string) {
  const got = new Map<string, number>();
  for (const d of resend.deliveries) if (d.subject === subject) got.set(d.to, (got.get(d.to) ?? 0) + 1);
  return emails.filter((e) => got.get(e) !== 1);
}
const alertsOf = async (id: string) =>
  (await admin.newsletters.alerts({ locale: "en" })).filter((a) => a.newsletter_id === id);

describe("a provider outage longer than the pause threshold", () => {
  it("pauses the send; only an admin resumes it, with one click, and everyone gets exactly one copy", async () => {
    const subject = `Top 5 ${uid()}`;
    const { id } = await createOneItemNewsletter(db, { subject });
    resend.outageFor(60 * 60_000); // down until healed
    await admin.newsletters.send({ id });
    // The send job ends by itself: paused, not failed, with since when the provider is down.
    await settleJobs(60_000);
    const paused = await listed(id);
    expect(paused).toMatchObject({ status: "paused", failure_reason: null, provider_retry_at: null });
    expect(paused.provider_down_since).toBeInstanceOf(Date);
    expect(Date.now() - paused.provider_down_since!.getTime()).toBeGreaterThanOrEqual(PAUSE_MS);
    // Its row in the admin says since when, and offers the one click that resumes it.
    const noop = () => undefined;
    const row = render(
      h(NewsletterRow, {
        newsletter: paused,
        busy: false,
        onSend: noop,
        onResumePaused: noop,
        onCancelSend: noop,
        onDelete: noop,
      }),
    );
    const since = paused.provider_down_since!.toLocaleTimeString("es-ES", { hour: "2-digit", minute: "2-digit" });
    expect(row).toContain(`en pausa: el proveedor no responde desde las ${since} · reanúdalo cuando vuelva`);
    expect(row).toContain('data-testid="newsletter-resume-paused"');

    // The paused send keeps its alert open (mailed once, through the outbox).
    await checkNewsletterHealth(db, new Date());
    expect(await alertsOf(id)).toEqual([expect.objectContaining({ kind: "provider_outage", emailed: true })]);
    expect(await db.emailMessage.count({ where: { tag: "newsletter-alert", status: "queued" } })).toBe(1);

    // Server-enforced: nobody but an admin resumes it, and an unknown id is a 404.
    await expect(callerAs(userSession).admin.newsletters.resumeSend({ id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(callerAs(null).admin.newsletters.resumeSend({ id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(admin.newsletters.resumeSend({ id: "no-such-newsletter" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await listed(id)).status).toBe("paused");

    resend.heal();
    expect(await admin.newsletters.resumeSend({ id })).toEqual({ success: true, status: "sending" });
    // A second click finds it sending already: no second send.
    await expect(admin.newsletters.resumeSend({ id })).rejects.toMatchObject({ code: "CONFLICT" });
    await settleJobs(60_000);
    const sent = await listed(id);
    expect(sent).toMatchObject({ status: "sent", sent_count: SUBSCRIBERS, provider_down_since: null });
    expect(notOnce(subject)).toEqual([]);

    await checkNewsletterHealth(db, new Date());
    expect(await alertsOf(id)).toEqual([]);
  }, 120_000);

  it("a fan-out group that finds the send paused by another group pauses too, and the resume sends it once", async () => {
    const subject = `Top 5 ${uid()}`;
    const { id } = await createOneItemNewsletter(db, { subject });
    await db.newsletter.update({ where: { id }, data: { status: "sending" } });
    const { batchCount } = await planBatches(db, id);
    resend.outageFor(60 * 60_000);
    const group = runJob(sendNewsletterGroupJob, { newsletterId: id, attempt: 0, first: 0, last: batchCount });
    group.catch(() => undefined); // awaited below; a failure before then is reported there, not as unhandled
    // This group waits out the outage; meanwhile another group of the send reaches the threshold and pauses it.
    await eventually(async () => (await db.newsletter.findUniqueOrThrow({ where: { id } })).provider_retry_at !== null);
    await pauseSend(db, id);
    expect(await group).toMatchObject({ newsletterId: id, paused: true });
    expect(await listed(id)).toMatchObject({ status: "paused", failure_reason: null });

    resend.heal();
    await admin.newsletters.resumeSend({ id });
    await settleJobs(60_000);
    expect(await listed(id)).toMatchObject({ status: "sent", sent_count: SUBSCRIBERS });
    expect(notOnce(subject)).toEqual([]);
  }, 90_000);

  it("a newsletter that is not paused cannot be resumed (409), and its state is left alone", async () => {
    const { id } = await createOneItemNewsletter(db, { subject: `Borrador ${uid()}` });
    await expect(admin.newsletters.resumeSend({ id })).rejects.toMatchObject({
      code: "CONFLICT",
      cause: expect.objectContaining({ reason: "newsletterNotPaused" }),
    });
    expect((await listed(id)).status).toBe("draft");
  });
});
