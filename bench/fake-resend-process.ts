/** The fake Resend server in its own process for the benchmark, so the app's RSS and CPU are measured alone. */
import { FakeResend } from "../tests/support/fake-resend.ts";

// RESEND_LIMIT: Resend's rate limit (requests per second) that the fake enforces with 429s; unset, none.
const limit = process.env.RESEND_LIMIT ? Number(process.env.RESEND_LIMIT) : undefined;
const fake = new FakeResend({ keepBodies: false, maxPerSecond: limit });
const url = await fake.listen();
process.send?.({ url });
process.on("message", async (msg: { type: string }) => {
  if (msg.type === "stats") {
    const duplicates = [...fake.perRecipient.values()].filter((n) => n > 1).length;
    process.send?.({
      delivered: fake.deliveries.length,
      duplicates,
      recipients: fake.perRecipient.size,
      batchCalls: fake.batchCalls,
      refused: fake.calls.filter((c) => c.outcome === 429).length,
      requestsPerSecond: observedRate(),
    });
  }
  if (msg.type === "stop") {
    await fake.close();
    process.exit(0);
  }
});

/** Requests per second between the first and the last batch call the fake saw. */
function observedRate(): number {
  const at = fake.calls.filter((c) => c.path === "/emails/batch").map((c) => c.at);
  if (at.length < 2) return 0;
  return Number(((at.length - 1) / ((Math.max(...at) - Math.min(...at)) / 1000)).toFixed(3));
}
