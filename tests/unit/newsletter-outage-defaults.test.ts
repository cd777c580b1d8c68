import { describe, expect, it } from "vitest";

/**
 * The provider-outage thresholds an operator gets without setting anything (docs/operations.md): the editors are
 * e-mailed once the outage passes 10 minutes, and the send pauses past 30. The integration tests set shorter
 * ones to run in seconds, so only this file holds the defaults.
 */
describe("newsletter outage defaults", () => {
  it("alerts the editors after 10 minutes of outage, pauses the send after 30, retries at most 30 s apart", async () => {
    for (const name of ["NEWSLETTER_OUTAGE_ALERT_MS", "NEWSLETTER_OUTAGE_PAUSE_MS", "NEWSLETTER_OUTAGE_RETRY_MAX_MS"])
      delete process.env[name];
    const { env } = await import("~/platform/env/env.js");
    expect(env.NEWSLETTER_OUTAGE_ALERT_MS).toBe(10 * 60_000);
    expect(env.NEWSLETTER_OUTAGE_PAUSE_MS).toBe(30 * 60_000);
    expect(env.NEWSLETTER_OUTAGE_RETRY_MAX_MS).toBe(30_000);
  });
});
