import { beforeAll, describe, expect, it } from "vitest";
import { buildSubscriptions } from "../support/builders.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";
import {
  afterTimeout,
  atLeast,
  gaps,
  RESEND_TIMEOUT_MS,
  startProviderFaultsApp,
  uid,
} from "../support/provider-faults-app.ts";

/**
 * Resend faults (500, 429 with Retry-After, a refusal, an answer lost after delivery): newsletter sends and the
 * contact notification retry with backoff, end 'failed' with a readable reason once retries run out, and never
 * mail anyone twice. The file has a database of its own: a newsletter goes to every subscriber.
 */
const { resend, db, backoffMs, settleInProcessJobs, handleRest, admin } = await startProviderFaultsApp("faults_resend");

describe("Resend faults while sending a newsletter", () => {
  const SUBSCRIBERS = 250; // 3 batches of ≤ 100
  let emails: string[] = [];

  beforeAll(async () => {
    const run = uid();
    emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `fallo.${i}.${run}@example.com`);
    await buildSubscriptions(
      db,
      emails.map((email) => ({ email, locale: "es" })),
    );
  });

  async function newsletter() {
    const subject = `Top 5 ${uid()}`;
    const row = await createOneItemNewsletter(db, { subject, subjectEn: `${subject} (en)` });
    return { id: row.id, subject };
  }

  /** Admin "Enviar" / "Reintentar" through the API, then wait for the in-process send job. */
  async function send(id: string) {
    await admin.newsletters.send({ id });
    await settleInProcessJobs();
    return db.newsletter.findUniqueOrThrow({ where: { id }, include: { batches: { orderBy: { index: "asc" } } } });
  }

  /** Copies of this newsletter each subscriber got. */
  function copiesPerSubscriber(subject: string) {
    const got = new Map<string, number>();
    for (const d of resend.deliveries) if (d.subject === subject) got.set(d.to, (got.get(d.to) ?? 0) + 1);
    return emails.map((e) => got.get(e) ?? 0);
  }
  const callsFor = (key: string) => resend.calls.filter((c) => c.idempotencyKey === key);
  const expectEveryoneOnce = (subject: string) => {
    const copies = copiesPerSubscriber(subject);
    expect(
      copies.filter((n) => n !== 1),
      "subscribers without exactly one copy",
    ).toEqual([]);
    expect(resend.deliveries.filter((d) => d.subject === subject)).toHaveLength(SUBSCRIBERS);
  };

  it("a 500 on one batch, then success: every subscriber gets exactly one copy", async () => {
    const n = await newsletter();
    resend.script("/emails/batch", { status: 500 });
    const sent = await send(n.id);
    expect(sent.status, sent.failure_reason ?? "").toBe("sent");
    expect(sent.batches.map((b) => b.status)).toEqual(["sent", "sent", "sent"]);
    expectEveryoneOnce(n.subject);
    const refused = resend.calls.find((c) => c.outcome === 500 && c.idempotencyKey?.includes(n.id))!;
    expect(callsFor(refused.idempotencyKey!).map((c) => c.outcome)).toEqual([500, "delivered"]);
    expect(sent.batches.find((b) => b.idempotency_key === refused.idempotencyKey)?.attempts).toBe(2);
  });

  it("429 with Retry-After: the batch waits as told and is sent once; no duplicates", async () => {
    const n = await newsletter();
    resend.script("/emails/batch", { status: 429, retryAfter: 1 });
    const sent = await send(n.id);
    expect(sent.status, sent.failure_reason ?? "").toBe("sent");
    expectEveryoneOnce(n.subject);
    const limited = resend.calls.find((c) => c.outcome === 429 && c.idempotencyKey?.includes(n.id))!;
    const [first, retry] = callsFor(limited.idempotencyKey!);
    expect([first?.outcome, retry?.outcome]).toEqual([429, "delivered"]);
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(atLeast(1000));
    // Waiting happened inside the batch's step: no job-level retry was needed.
    expect(sent.batches.every((b) => b.attempts === 1)).toBe(true);
  });

  // A 5xx is the provider being unavailable, waited out without spending attempts (newsletter-provider-*.test.ts);
  // a 4xx other than 429 is a refusal that no wait changes.
  it("a refusal on every retry: 'failed' with the reason; a later Reintentar resumes without duplicates", async () => {
    const n = await newsletter();
    resend.script("/emails/batch", { pass: true, times: 2 }, { status: 422, times: Number.POSITIVE_INFINITY });
    const failed = await send(n.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure_reason).toMatch(/^Batch [0-2]: 422: An unexpected error occurred\.$/);
    expect(failed.batches.filter((b) => b.status === "sent")).toHaveLength(2);
    const broken = failed.batches.find((b) => b.status !== "sent")!;
    expect(broken).toMatchObject({ status: "failed", attempts: 5, error: "422: An unexpected error occurred." });
    // Five attempts of the broken batch, spaced by the dispatcher's doubling backoff.
    const attempts = callsFor(broken.idempotency_key);
    expect(attempts.map((c) => c.outcome)).toEqual([422, 422, 422, 422, 422]);
    for (const [k, gap] of gaps(attempts.map((c) => c.at)).entries())
      expect(gap).toBeGreaterThanOrEqual(atLeast(backoffMs(k)));
    const delivered = copiesPerSubscriber(n.subject);
    expect(delivered.filter((c) => c > 1)).toEqual([]);
    expect(delivered.filter((c) => c === 1)).toHaveLength(SUBSCRIBERS - broken.recipient_count);

    resend.heal();
    const resumed = await send(n.id);
    expect(resumed.status, resumed.failure_reason ?? "").toBe("sent");
    expect(resumed.failure_reason).toBeNull();
    expect(resumed.sent_count).toBe(SUBSCRIBERS);
    expectEveryoneOnce(n.subject);
    // Only the broken batch went out again, under the same key.
    expect(callsFor(broken.idempotency_key).at(-1)?.outcome).toBe("delivered");
    for (const b of failed.batches.filter((b) => b.status === "sent"))
      expect(callsFor(b.idempotency_key)).toHaveLength(1);
  }, 90_000); // four backoffs (1+2+4+8 s) and the send itself: more than the default 30 s on a loaded machine

  it("Resend accepted a batch but the answer was lost: the retry reuses the Idempotency-Key, nobody gets two", async () => {
    const n = await newsletter();
    resend.script("/emails/batch", { lost: true });
    const sent = await send(n.id);
    expect(sent.status, sent.failure_reason ?? "").toBe("sent");
    expectEveryoneOnce(n.subject);
    const lost = resend.calls.find((c) => c.outcome === "lost" && c.idempotencyKey?.includes(n.id))!;
    const [first, retry] = callsFor(lost.idempotencyKey!);
    expect([first?.outcome, retry?.outcome]).toEqual(["lost", "replayed"]);
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(afterTimeout(RESEND_TIMEOUT_MS));
  }, 90_000); // a provider timeout, then the retry after its backoff: room for a loaded machine
});

describe("Resend faults on the contact notification", () => {
  const editors = "redaccion@riesgos-ia.example";

  async function submit({ skipBackoff = false } = {}) {
    const name = `Ana ${uid()}`;
    const res = await handleRest(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.1`,
        },
        body: JSON.stringify({
          name,
          email: `ana.${uid()}@example.org`,
          reason: "press",
          message: "¿Podemos hablar del AI Act?",
          privacy: true,
        }),
      }),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    await settleInProcessJobs(120_000, { skipBackoff });
    const log = await db.emailMessage.findMany({
      where: { subject: { contains: name } },
      orderBy: { created_at: "asc" },
    });
    return {
      id,
      stored: await db.contactMessage.findMany({ where: { name } }),
      log: log.map((m) => [m.status, m.error]),
      toEditors: resend.deliveries.filter((d) => d.to === editors && d.subject.includes(name)).length,
      notifyCalls: callsFor(`contact-notify-${id}`),
      ackCalls: callsFor(`contact-ack-${id}`),
    };
  }
  const callsFor = (key: string) => resend.calls.filter((c) => c.idempotencyKey === key).map((c) => c.outcome);

  it("500s until the job gives up: the message is stored once, every attempt logged as failed, no mail", async () => {
    resend.script("/emails", { status: 500, times: Number.POSITIVE_INFINITY });
    // The six delays (1 + 2 + … + 32 s) are the engine's, tested elsewhere: here only what happens once they end.
    const r = await submit({ skipBackoff: true });
    expect(r.stored).toHaveLength(1);
    expect(r.stored[0]!.notified_at).toBeNull();
    expect(r.notifyCalls).toEqual(Array(7).fill(500)); // 1 + 6 retries
    expect(r.log).toEqual(Array(7).fill(["failed", "500: An unexpected error occurred."]));
    expect(r.toEditors).toBe(0);
    expect(r.ackCalls).toEqual([]); // the sender is not thanked before the editors have the message
  });

  it("two 500s, then an answer lost after delivery: stored once, each mail delivered exactly once", async () => {
    resend.script("/emails", { status: 500, times: 2 }, { lost: true });
    const r = await submit();
    expect(r.stored).toHaveLength(1);
    expect(r.stored[0]!.notified_at).not.toBeNull();
    expect(r.notifyCalls).toEqual([500, 500, "lost", "replayed"]);
    expect(r.ackCalls).toEqual(["delivered"]);
    expect(r.toEditors).toBe(1);
    expect(resend.receivedBy(r.stored[0]!.email)).toBe(1);
    expect(r.log.map(([status]) => status)).toEqual(["failed", "failed", "failed", "sent"]);
    expect(r.log[2]).toEqual(["failed", `timeout: no answer from Resend in ${RESEND_TIMEOUT_MS} ms`]);
  });
});
