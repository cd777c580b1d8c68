import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { BatchRecipient, BatchToSend } from "~/features/mail/batch-send.ts";
import { sendEmailBatch } from "~/features/mail/batch-send.ts";
import { suppressAddress } from "~/features/mail/suppression.ts";
import { db } from "~/platform/db/db.ts";
import type { ResendOutcome } from "~/platform/providers/resend.ts";
import { batchSendDeps as deps, recordingProvider, TEST_FROM } from "../support/batch-send.ts";

/**
 * Mail's batch sender with its dependencies injected (as Ghost's batch-sending service): the provider is a
 * recording function standing in for Resend's batch endpoint, the database is real.
 */
const uid = () => randomBytes(5).toString("hex");

const mail = (to: string): BatchRecipient => ({
  to,
  compose: () => ({ subject: "Top 5", html: `<p>${to}</p>`, text: to }),
});

function batch(recipients: BatchRecipient[], tag: string, recorded: number[], failures: string[] = []): BatchToSend {
  return {
    label: "Batch 7",
    recipients,
    tag: { name: "test", value: tag },
    idempotencyKey: `key-${tag}`,
    recordSent: async (_tx, count) => {
      recorded.push(count);
      return recorded.length === 1; // a second record of the same batch loses, as a concurrent run would
    },
    recordFailed: async (message) => {
      failures.push(message);
    },
  };
}

describe("mail's batch sender", () => {
  it("leaves suppressed addresses out in any case, tags the mail and records the batch once", async () => {
    const tag = uid();
    const [a, b, c] = [`a-${tag}@x.test`, `b-${tag}@x.test`, `c-${tag}@x.test`];
    await suppressAddress(db, b.toUpperCase(), "bounced");
    const provider = recordingProvider();
    const recorded: number[] = [];
    const result = await sendEmailBatch(db, batch([a, b, c].map(mail), tag, recorded), deps(provider));

    expect(result).toEqual({ sent: 2, recorded: true });
    expect(recorded).toEqual([2]);
    expect(provider.calls).toHaveLength(1);
    expect(provider.calls[0]!.key).toBe(`key-${tag}`);
    expect(provider.calls[0]!.emails.map((e) => e.to)).toEqual([a, c]);
    expect(provider.calls[0]!.emails[0]).toMatchObject({
      from: TEST_FROM,
      tags: [{ name: "test", value: tag }],
    });
    // With a provider nothing lands in the outbox.
    expect(await db.emailMessage.count({ where: { tag: `test:${tag}` } })).toBe(0);
  });

  it("without a provider stores the copies in the outbox with the record, and never twice", async () => {
    const tag = uid();
    const emails = [mail(`d-${tag}@x.test`), mail(`e-${tag}@x.test`)];
    const recorded: number[] = [];
    expect(await sendEmailBatch(db, batch(emails, tag, recorded), deps(null))).toEqual({ sent: 2, recorded: true });
    // The same batch again: its record answers "already sent", so no second copy is stored.
    expect(await sendEmailBatch(db, batch(emails, tag, recorded), deps(null))).toEqual({ sent: 2, recorded: false });
    const rows = await db.emailMessage.findMany({ where: { tag: `test:${tag}` }, orderBy: { to: "asc" } });
    expect(rows.map((r) => [r.to, r.status])).toEqual([
      [`d-${tag}@x.test`, "queued"],
      [`e-${tag}@x.test`, "queued"],
    ]);
  });

  it("waits out a rate limit and slows the pace; a refusal for good is recorded and thrown", async () => {
    const tag = uid();
    const limited: ResendOutcome = { ok: false, retryable: true, retryAfterSeconds: 2, message: "429: slow down" };
    const provider = recordingProvider([limited]);
    const slept: number[] = [];
    const d = deps(provider, slept);
    const recorded: number[] = [];
    await sendEmailBatch(db, batch([mail(`f-${tag}@x.test`)], tag, recorded), d);
    expect(provider.calls).toHaveLength(2);
    expect(slept).toEqual([2000]);
    expect(d.pacer.requestsPerSecond).toBeLessThan(1000);
    expect(recorded).toEqual([1]);

    // Unavailable (a 5xx): nothing recorded, the caller waits it out with the same idempotency key.
    const broken = recordingProvider([{ ok: false, retryable: true, message: "500: boom" }]);
    const failures: string[] = [];
    const refused: number[] = [];
    await expect(
      sendEmailBatch(db, batch([mail(`g-${tag}@x.test`)], `${tag}-b`, refused, failures), deps(broken)),
    ).rejects.toMatchObject({ name: "ProviderUnavailableError", message: "Batch 7: 500: boom" });
    expect(failures).toEqual([]);
    // Refused for good (a 4xx): the batch is marked failed with the reason.
    const invalid = recordingProvider([{ ok: false, retryable: false, message: "422: invalid" }]);
    await expect(
      sendEmailBatch(db, batch([mail(`g-${tag}@x.test`)], `${tag}-c`, refused, failures), deps(invalid)),
    ).rejects.toThrow("Batch 7: 422: invalid");
    expect(failures).toEqual(["422: invalid"]);
    expect(refused).toEqual([]);
  });

  it("tells the listeners the caller passed when an address is suppressed", async () => {
    const address = `h-${uid()}@x.test`;
    const heard: string[] = [];
    await suppressAddress(db, address, "complained", [async (_db, email) => void heard.push(email)]);
    expect(heard).toEqual([address]);
    expect(await db.emailSuppression.findUnique({ where: { email: address } })).toMatchObject({ reason: "complained" });
  });
});
