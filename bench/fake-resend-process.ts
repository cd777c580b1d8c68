/** The fake Resend server in its own process for the benchmark, so the app's RSS and CPU are measured alone. */
import { FakeResend } from "../tests/support/fake-resend.ts";

const fake = new FakeResend({ keepBodies: false });
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
    });
  }
  if (msg.type === "stop") {
    await fake.close();
    process.exit(0);
  }
});
