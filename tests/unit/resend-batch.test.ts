import { Resend } from "resend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ResendEmail, resendBatch } from "~/platform/providers/resend.ts";
import { FakeResend } from "../support/fake-resend.ts";

/**
 * The batch call writes its JSON body itself, one e-mail at a time, and hands it to the SDK's request. Against
 * the loopback fake Resend (which hashes each body per Idempotency-Key): the bytes are the SDK's own, so a
 * batch first sent by the SDK (an older deploy, before a crash) and retried by this code is answered as a
 * replay, never refused as a different payload.
 */
const fake = new FakeResend();
let resend: Resend;

beforeAll(async () => {
  resend = new Resend("re_unit_key", { baseUrl: await fake.listen() });
});
afterAll(() => fake.close());

const email = (i: number): ResendEmail => ({
  from: "Riesgos IA <hola@riesgos.test>",
  to: `lector${i}@x.test`,
  subject: "Top 5 de la semana — IA",
  html: `<p>Hola ${i}, ¿qué tal? &#8203;</p>`,
  text: `Hola ${i}, ¿qué tal?`,
  headers: { "List-Unsubscribe": `<https://riesgos.test/u/${i}>` },
  tags: [{ name: "newsletter", value: "n1" }],
});

/** The e-mails composed only as they are read, counting how many were made. */
function lazy(n: number) {
  let composed = 0;
  const emails: Iterable<ResendEmail> = {
    *[Symbol.iterator]() {
      for (let i = 0; i < n; i++) {
        composed++;
        yield email(i);
      }
    },
  };
  return { emails, composed: () => composed };
}

describe("Resend batch call", () => {
  it("sends the same bytes as the SDK's batch.send: a retry of an SDK-sent batch is a replay", async () => {
    const key = "batch-key-sdk-then-ours";
    const first = await resend.batch.send([email(0), email(1), email(2)], { idempotencyKey: key });
    expect(first.error).toBeNull();
    const { emails, composed } = lazy(3);
    const outcome = await resendBatch(resend, emails, key);
    expect(outcome).toMatchObject({ ok: true });
    // Composed twice, never held: once to count the body's bytes, once as it is written.
    expect(composed()).toBe(6);
    expect(fake.calls.map((c) => c.outcome)).toEqual(["delivered", "replayed"]);
    expect(fake.deliveries).toHaveLength(3);
    expect(fake.deliveries[1]).toMatchObject({
      to: "lector1@x.test",
      subject: "Top 5 de la semana — IA",
      html: "<p>Hola 1, ¿qué tal? &#8203;</p>",
      text: "Hola 1, ¿qué tal?",
      headers: { "List-Unsubscribe": "<https://riesgos.test/u/1>" },
      tags: [{ name: "newsletter", value: "n1" }],
    });
  });

  it("delivers a batch with ids, and refuses more than 100 e-mails before any request", async () => {
    const before = fake.calls.length;
    const outcome = await resendBatch(resend, lazy(100).emails, "batch-key-100");
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok && outcome.ids).toHaveLength(100);
    await expect(resendBatch(resend, lazy(101).emails, "batch-key-101")).rejects.toThrow("at most 100");
    expect(fake.calls.length).toBe(before + 1);
  });

  it("answers a 429 with its Retry-After as a retryable outcome", async () => {
    fake.script("/emails/batch", { status: 429, retryAfter: 3 });
    const outcome = await resendBatch(resend, lazy(1).emails, "batch-key-429");
    expect(outcome).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 3 });
  });
});
