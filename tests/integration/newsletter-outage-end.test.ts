import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { finalizeNewsletter, planBatches, sendBatch } from "~/features/newsletter/send/send.ts";
import { db } from "~/platform/db/db.ts";
import { batchSendDeps, recordingProvider } from "../support/batch-send.ts";
import { buildSubscriptions } from "../support/builders.ts";
import { createOneItemNewsletter } from "../support/newsletters.ts";

/**
 * When a send's outage ends: a batch the provider accepted says it is back only if it was asked for after the
 * outage was noted. Lanes send side by side, so one lane's batch, asked for just before the provider went down,
 * can be answered after another lane has met the outage; that answer is old news, and clearing the outage on it
 * would restart the outage's clock (its alert, its pause) at the next failure.
 */
const uid = () => randomBytes(4).toString("hex");

/** A provider that accepts every batch; `during` runs while the request is on its way. */
const acceptingProvider = (during?: () => Promise<void>) => batchSendDeps(recordingProvider([], during));

async function sendingNewsletter() {
  await buildSubscriptions(db, [{ email: `fin-caida.${uid()}@example.com`, locale: "es" }]);
  const { id } = await createOneItemNewsletter(db, { subject: `Top 5 ${uid()}` });
  await db.newsletter.update({ where: { id }, data: { status: "sending" } });
  await planBatches(db, id);
  return id;
}

const noteOutage = (id: string, at: Date) =>
  db.newsletter.update({
    where: { id },
    data: { provider_down_since: at, provider_retry_at: new Date(at.getTime() + 1000) },
  });

describe("the end of a provider outage during a send", () => {
  it("a batch asked for after the outage was noted ends it", async () => {
    const id = await sendingNewsletter();
    await noteOutage(id, new Date(Date.now() - 5000));
    await sendBatch(db, id, 0, acceptingProvider());
    const row = await db.newsletter.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ provider_down_since: null, provider_retry_at: null });
    expect(row.sent_count).toBeGreaterThan(0);
  });

  it("a batch asked for before the outage was noted, and answered after, leaves it as it was", async () => {
    const id = await sendingNewsletter();
    let noted: Date | undefined;
    // Another lane meets the outage while this batch's request is on its way.
    await sendBatch(
      db,
      id,
      0,
      acceptingProvider(async () => {
        await new Promise((r) => setTimeout(r, 20));
        noted = new Date();
        await noteOutage(id, noted);
      }),
    );
    const row = await db.newsletter.findUniqueOrThrow({ where: { id } });
    expect(row.sent_count, "the batch itself is counted").toBeGreaterThan(0);
    expect(row.provider_down_since).toEqual(noted);
    expect(row.provider_retry_at).not.toBeNull();

    // Every batch out, the send is over: nothing is left waiting for the provider.
    const batches = await db.newsletterBatch.count({ where: { newsletter_id: id } });
    for (let index = 1; index < batches; index++) await sendBatch(db, id, index, acceptingProvider());
    await finalizeNewsletter(db, id);
    const sent = await db.newsletter.findUniqueOrThrow({ where: { id } });
    expect(sent).toMatchObject({ status: "sent", provider_down_since: null, provider_retry_at: null });
  });
});
