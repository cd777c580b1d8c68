import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildArticles, buildSubscriptions } from "../support/builders.ts";
import { createPrivateDatabase } from "../support/private-database.ts";
import { eventually, startFakeResend } from "../support/resend-env.ts";

const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
// Start the fake first: the app reads RESEND_* once, when its env module is first imported.
const fake = await startFakeResend({ webhookSecret });
// A database of its own: the Top 5 ranks every published piece, and other files publish theirs in parallel.
await createPrivateDatabase("nlsend");
// A provider that stays down pauses the send after this long (production: 30 min), retried this often.
vi.stubEnv("NEWSLETTER_OUTAGE_PAUSE_MS", "8000");
vi.stubEnv("NEWSLETTER_OUTAGE_RETRY_MAX_MS", "300");
const { db } = await import("~/platform/db/db.ts");
const { runJob, settleJobs: settleInProcessJobs, waitForRunState } = await import("../support/jobs.ts");
const { getEngine, runIdFor } = await import("~/platform/jobs/engines/embedded/engine.ts");
const { sendNewsletterJob } = await import("~/features/newsletter/jobs.ts");
const { generateWeeklyNewsletter, NOTHING_PUBLISHED } = await import("~/features/newsletter/compose/generate.ts");
const { requestNewsletterSend } = await import("~/features/newsletter/jobs.ts");
const webhookRoute = await import("~/app/api/newsletter/webhooks/resend/route.ts");
const { adminSession, callerAs } = await import("../support/sessions.ts");

const run = randomBytes(4).toString("hex");

afterAll(async () => {
  await settleInProcessJobs();
  await fake.close();
});

/** `n` confirmed subscribers of this test run (direct inserts: the signup flow has its own tests). */
async function confirmedSubscribers(n: number, tag: string) {
  const emails = Array.from({ length: n }, (_, i) => `envio.${tag}.${i}.${run}@example.com`);
  return buildSubscriptions(
    db,
    emails.map((email, i) => ({ email, locale: i % 3 === 0 ? "en" : "es" })),
  );
}

async function freshArticles(now: Date) {
  const base = { body_es: "Cuerpo.", status: "published" as const, tags: [] as string[] };
  await buildArticles(db, [
    {
      ...base,
      slug: `envio-empleo-${run}`,
      title_es: `Empleo ${run}`,
      summary_es: "Trabajo.",
      topics: ["trabajo-economia"],
      date: new Date(now.getTime() - 3_600_000),
    },
    {
      ...base,
      slug: `envio-regulacion-${run}`,
      title_es: `Regulación ${run}`,
      summary_es: "Ley.",
      topics: ["regulacion"],
      date: new Date(now.getTime() - 7_200_000),
    },
    {
      ...base,
      slug: `envio-viejo-${run}`,
      title_es: `Viejo ${run}`,
      summary_es: "Antiguo.",
      topics: ["regulacion"],
      date: new Date(now.getTime() - 8 * 86_400_000),
    },
  ]);
}

describe("weekly newsletter generation", () => {
  it("refuses to create an empty newsletter when nothing was published that week", async () => {
    const longAgo = new Date("2001-01-12T08:00:00Z");
    const before = await db.newsletter.count();
    await expect(generateWeeklyNewsletter(db, longAgo)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: NOTHING_PUBLISHED,
    });
    expect(await db.newsletter.count()).toBe(before);
  });

  it("ranks the week's pieces (high-priority topic above a newer medium one) before any older one", async () => {
    const now = new Date();
    await freshArticles(now);
    const n = await generateWeeklyNewsletter(db, now);
    const slugs = (n.items as { slug: string }[]).map((i) => i.slug);
    expect(slugs).toContain(`envio-regulacion-${run}`);
    // An older piece only fills a week of fewer than 5, after every piece of the week.
    if (slugs.includes(`envio-viejo-${run}`))
      expect(slugs.indexOf(`envio-viejo-${run}`)).toBeGreaterThan(slugs.indexOf(`envio-regulacion-${run}`));
    if (slugs.includes(`envio-empleo-${run}`))
      expect(slugs.indexOf(`envio-regulacion-${run}`)).toBeLessThan(slugs.indexOf(`envio-empleo-${run}`));
    expect(n).toMatchObject({ status: "draft" });
    expect(n.subject_es).toMatch(/^Top 5 de la semana: /);
    expect(n.subject_en).toMatch(/^Top 5 of the week: /);
  });
});

describe("sending in idempotent batches", () => {
  it("a send whose provider crashed after 2 batches pauses, and one resume mails every subscriber exactly once", async () => {
    const emails = await confirmedSubscribers(450, "lote");
    const newsletter = await generateWeeklyNewsletter(db, new Date());
    await db.newsletter.update({ where: { id: newsletter.id }, data: { status: "sending" } });

    // The third batch is delivered but answered 500, and every call after it too: the send waits, then pauses.
    fake.crashAfterBatches(2);
    expect(await runJob(sendNewsletterJob, { newsletterId: newsletter.id, attempt: 0 })).toMatchObject({
      paused: true,
    });
    const paused = await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id }, include: { batches: true } });
    expect(paused).toMatchObject({ status: "paused", failure_reason: null });
    expect(paused.batches.length).toBeGreaterThanOrEqual(5);
    // Batches go out a few at a time, so which two got through depends on arrival order at the fake.
    expect(paused.batches.filter((b) => b.status === "sent")).toHaveLength(2);

    fake.heal();
    await callerAs(adminSession).admin.newsletters.resumeSend({ id: newsletter.id });
    await settleInProcessJobs();
    const sent = await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id }, include: { batches: true } });
    expect(sent.status).toBe("sent");
    expect(sent.batches.every((b) => b.status === "sent")).toBe(true);
    expect(sent.sent_count).toBe(sent.recipient_count);
    expect(sent.sent_count).toBeGreaterThanOrEqual(emails.length);

    for (const email of emails) expect(fake.receivedBy(email), email).toBe(1);
    const copies = fake.deliveries.filter((d) => d.subject === sent.subject_es || d.subject === sent.subject_en);
    expect(new Set(copies.map((d) => d.to)).size).toBe(copies.length); // nobody at all got two
    const enCopy = copies.find((d) => d.to === emails[0]);
    expect(enCopy?.subject).toBe(sent.subject_en);
    expect(enCopy?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(enCopy?.html).toMatch(/\/en\/unsubscribe\?token=[A-Za-z0-9_-]{43,}/);

    // Sent means sent: no second send.
    await expect(requestNewsletterSend(db, newsletter.id)).rejects.toMatchObject({ code: "CONFLICT" });
  }, 120_000);
});

describe("cancelling a send from admin › Trabajos", () => {
  it("marks the newsletter failed with the reason; sending again resumes it and mails everyone once", async () => {
    const emails = await confirmedSubscribers(150, "cancelado");
    const newsletter = await generateWeeklyNewsletter(db, new Date());
    const admin = callerAs(adminSession).admin;
    fake.script("/emails/batch", { status: 500, times: Number.POSITIVE_INFINITY });
    await admin.newsletters.send({ id: newsletter.id });
    // Waiting out the provider's 500s (not yet paused) when the operator cancels.
    const jobId = await waitForRunState(sendNewsletterJob, `newsletter-${newsletter.id}-0`, "active");
    await eventually(
      async () => (await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } })).provider_retry_at !== null,
    );
    await admin.jobs.cancel({ id: jobId });
    const cancelled = await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } });
    expect(cancelled).toMatchObject({ status: "failed", failure_reason: "Envío cancelado por un operador" });

    fake.heal();
    await admin.newsletters.send({ id: newsletter.id });
    await settleInProcessJobs();
    expect(await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } })).toMatchObject({ status: "sent" });
    for (const email of emails) expect(fake.receivedBy(email), email).toBe(1);
  }, 60_000);

  it("a send whose job key is taken by an earlier run that ended before any batch still starts", async () => {
    const newsletter = await generateWeeklyNewsletter(db, new Date());
    await db.newsletter.update({ where: { id: newsletter.id }, data: { status: "failed" } });
    // An earlier send of this newsletter, cancelled while it was still queued (no batch was ever tried).
    const engine = await getEngine();
    await engine.ensure(sendNewsletterJob);
    const key = runIdFor(sendNewsletterJob.name, `newsletter-${newsletter.id}-0`);
    const startAfter = new Date(Date.now() + 3_600_000);
    await engine.boss.send(
      sendNewsletterJob.name,
      { newsletterId: newsletter.id, attempt: 0 },
      { id: key, startAfter },
    );
    await engine.boss.cancel(sendNewsletterJob.name, key);

    await callerAs(adminSession).admin.newsletters.send({ id: newsletter.id });
    await settleInProcessJobs();
    expect(await db.newsletter.findUniqueOrThrow({ where: { id: newsletter.id } })).toMatchObject({ status: "sent" });
  }, 60_000);
});

describe("Resend webhooks", () => {
  const sign = (body: string, secret = webhookSecret) => {
    const id = `msg_${randomBytes(6).toString("hex")}`;
    const timestamp = new Date();
    const signature = new Webhook(secret).sign(id, timestamp, body);
    return {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": signature,
    };
  };
  const deliver = (body: string, headers: Record<string, string>) =>
    webhookRoute.POST(
      new Request("http://localhost/api/newsletter/webhooks/resend", { method: "POST", headers, body }),
    );

  it("verifies the signature and suppresses a bounced address, which is then never mailed", async () => {
    const [email] = await confirmedSubscribers(1, "rebote");
    const body = JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: "e1", to: [email] },
    });
    const res = await deliver(body, sign(body));
    expect(res.status).toBe(200);
    expect(await db.emailSuppression.findUnique({ where: { email: email! } })).toMatchObject({ reason: "bounced" });
    expect(await db.newsletterSubscription.findUnique({ where: { email: email! } })).toMatchObject({
      subscribed: false,
    });

    const { sendEmail } = await import("~/features/mail/send-email.ts");
    const before = fake.receivedBy(email!);
    const result = await sendEmail(db, { to: email!.toUpperCase(), subject: "x", html: "<p>x</p>", tag: "test" });
    expect(result.status).toBe("suppressed");
    expect(fake.receivedBy(email!)).toBe(before);
  });

  it("rejects a forged or tampered webhook and changes nothing", async () => {
    const [email] = await confirmedSubscribers(1, "falso");
    const body = JSON.stringify({ type: "email.complained", data: { to: [email] } });
    const forged = await deliver(body, sign(body, `whsec_${randomBytes(24).toString("base64")}`));
    expect(forged.status).toBe(401);
    const tampered = await deliver(body.replace("complained", "bounced"), sign(body));
    expect(tampered.status).toBe(401);
    expect(await db.emailSuppression.findUnique({ where: { email: email! } })).toBeNull();
  });

  it("acts once on a delivery id: a replayed signed webhook changes nothing", async () => {
    const [email] = await confirmedSubscribers(1, "repeticion");
    const body = JSON.stringify({ type: "email.complained", data: { email_id: "e2", to: [email] } });
    const headers = sign(body);
    expect((await deliver(body, headers)).status).toBe(200);
    expect(await db.emailSuppression.findUnique({ where: { email: email! } })).toMatchObject({ reason: "complained" });
    // The subscriber sorts it out with the editors and is mailed again…
    await db.emailSuppression.delete({ where: { email: email! } });
    // …then someone replays the captured delivery, within the signature's time window.
    const replay = await deliver(body, headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true, suppressed: [] });
    expect(await db.emailSuppression.findUnique({ where: { email: email! } })).toBeNull();
  });
});
