import { randomBytes } from "node:crypto";
import { createElement as h } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminRenderer } from "../support/admin-render.ts";
import { buildSubscriptions } from "../support/builders.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";
import { startFakeResend } from "../support/resend-env.ts";

/**
 * Resend unavailable in the middle of a send (a brownout of scattered 500s, an outage of a minute): the send
 * waits it out and ends `sent`, every subscriber with exactly one copy, with no admin action. The job engine's
 * backoff is its production one (1 s doubling), so today's budget of five attempts is what the outage outlasts.
 * A database of its own: a newsletter goes to every subscriber.
 */
const SUBSCRIBERS = 5000; // 50 batches: a brownout of one call in ten costs five or more failed calls
const ALERT_MS = 3000;
const OUTAGE_MS = 35_000; // more than five attempts spaced by the engine's backoff (1 + 2 + 4 + 8 s, up to twice that)

const database = await createPrivateDatabase("nloutage");
const resend = await startFakeResend({ keepBodies: false });
vi.stubEnv("NEWSLETTER_OUTAGE_ALERT_MS", String(ALERT_MS));
vi.stubEnv("NEWSLETTER_OUTAGE_PAUSE_MS", String(10 * 60_000));
vi.stubEnv("NEWSLETTER_OUTAGE_RETRY_MAX_MS", "1000");

const { db } = await import("~/platform/db/db.ts");
const { settleJobs } = await import("../support/jobs.ts");
const { eventually } = await import("../support/resend-env.ts");
const { checkNewsletterHealth } = await import("~/features/newsletter/health/health.ts");
const { env } = await import("~/platform/env/env.js");
const { adminSession, callerAs } = await import("../support/sessions.ts");
const { NewsletterRow } = await import("~/features/newsletter/ui/newsletter-row.tsx");
const render = await adminRenderer("es");
const admin = callerAs(adminSession).admin;
const uid = () => randomBytes(4).toString("hex");
let emails: string[] = [];

beforeAll(async () => {
  await expectAppOn(db, database.name);
  // Sent just now: the health check's Friday rule (a Top 5 due by noon) stays quiet whatever the day.
  await db.newsletter.update({
    where: { id: (await newsletter()).id },
    data: { status: "sent", sent_at: new Date() },
  });
  const run = uid();
  emails = await buildSubscriptions(
    db,
    Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `caida.${i}.${run}@example.com`, locale: "es" })),
  );
});

afterEach(() => resend.heal());

afterAll(async () => {
  await settleJobs();
  vi.unstubAllEnvs();
  await resend.close();
});

async function newsletter() {
  const subject = `Top 5 ${uid()}`;
  const row = await createOneItemNewsletter(db, { subject });
  return { id: row.id, subject };
}

const row = (id: string) => db.newsletter.findUniqueOrThrow({ where: { id } });
const listed = async (id: string) => (await admin.newsletters.list()).find((n) => n.id === id)!;

/** Subscribers without exactly one copy of this newsletter (none missing, none twice). */
function notOnce(subject: string) {
  const got = new Map<string, number>();
  for (const d of resend.deliveries) if (d.subject === subject) got.set(d.to, (got.get(d.to) ?? 0) + 1);
  return emails.filter((e) => got.get(e) !== 1);
}

describe("Resend unavailable during a newsletter send", () => {
  it("a brownout (one batch call in ten answered 500) ends sent: everyone once, no admin action", async () => {
    const n = await newsletter();
    resend.brownout(10);
    await admin.newsletters.send({ id: n.id });
    await settleJobs(240_000);
    const row = await db.newsletter.findUniqueOrThrow({ where: { id: n.id } });
    expect(row.status, row.failure_reason ?? "").toBe("sent");
    expect(resend.calls.filter((c) => c.outcome === 500).length).toBeGreaterThanOrEqual(5);
    expect(notOnce(n.subject)).toEqual([]);
  }, 300_000);

  it("an outage in the middle of a send, longer than the job's retries: the admin shows the next try, the editors get one mail through the outbox, and the send ends sent once Resend is back", async () => {
    const n = await newsletter();
    resend.outageFor(OUTAGE_MS, { afterBatchCalls: 5 });
    await admin.newsletters.send({ id: n.id });

    // The admin sees the send waiting for the provider, and when it tries next.
    // Checked on the listing that showed it: the next try may start (and clear it) a moment later.
    let waiting = await listed(n.id);
    await eventually(async () => {
      waiting = await listed(n.id);
      return waiting.provider_retry_at !== null;
    }, 20_000);
    expect(waiting.status).toBe("sending");
    expect(waiting.provider_retry_at!.getTime()).toBeGreaterThan(waiting.provider_down_since!.getTime());
    // Its row says so in the admin's words, with the time of the next try (the admin's clock).
    const noop = () => undefined;
    const rowProps = { busy: false, onSend: noop, onResumePaused: noop, onCancelSend: noop, onDelete: noop };
    const nextTry = waiting.provider_retry_at!.toLocaleTimeString("es-ES", { hour: "2-digit", minute: "2-digit" });
    expect(render(h(NewsletterRow, { newsletter: waiting, ...rowProps }))).toContain(
      `en pausa: el proveedor no responde · próximo intento a las ${nextTry}`,
    );

    // Past the alert threshold, the health check (every minute) opens one alert and mails the editors once,
    // through the outbox: never through the provider that is down.
    const downSince = waiting.provider_down_since!.getTime();
    // The outage began in the middle of the send: the five batches Resend took before are counted (a lane records
    // its batch a moment after Resend's answer, so the listing that showed the next try may not count the last yet).
    await eventually(async () => (await row(n.id)).sent_count >= 500, 10_000);
    expect((await row(n.id)).sent_count).toBeLessThan(SUBSCRIBERS);
    // Short of the threshold, a check (at a time of the test's choosing) opens no alert and mails nobody.
    await checkNewsletterHealth(db, new Date(downSince + ALERT_MS - 500));
    expect((await admin.newsletters.alerts({ locale: "es" })).filter((a) => a.newsletter_id === n.id)).toEqual([]);
    expect(await db.emailMessage.count({ where: { tag: "newsletter-alert" } })).toBe(0);
    await new Promise((r) => setTimeout(r, Math.max(0, downSince + ALERT_MS + 200 - Date.now())));
    await checkNewsletterHealth(db, new Date());
    await checkNewsletterHealth(db, new Date());
    expect((await row(n.id)).provider_down_since, "the checks ran during the outage").not.toBeNull();
    const alerts = (await admin.newsletters.alerts({ locale: "es" })).filter((a) => a.newsletter_id === n.id);
    expect(alerts).toEqual([expect.objectContaining({ kind: "provider_outage", emailed: true })]);
    expect(alerts[0]!.message).toContain(n.subject);
    const mails = await db.emailMessage.findMany({ where: { tag: "newsletter-alert" } });
    expect(mails).toEqual([expect.objectContaining({ to: env.EDITORS_EMAIL, status: "queued" })]);
    expect(resend.calls.filter((c) => c.path === "/emails")).toEqual([]);

    await settleJobs(240_000);
    const done = await row(n.id);
    expect(done.status, done.failure_reason ?? "").toBe("sent");
    expect(done).toMatchObject({ failure_reason: null, provider_down_since: null, provider_retry_at: null });
    expect(notOnce(n.subject)).toEqual([]);
    // Resend is back: the next check closes the alert.
    await checkNewsletterHealth(db, new Date());
    expect((await admin.newsletters.alerts({ locale: "es" })).filter((a) => a.newsletter_id === n.id)).toEqual([]);
  }, 300_000);
});
