import { describe, expect, it } from "vitest";
import { buildNewsletter } from "../support/builders.ts";
import { until } from "../support/until.ts";
import { FAULTS_ADMIN as ADMIN, faultsSite } from "./newsletter-faults-site.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * An e-mail provider outage in the middle of a newsletter send, on a production server of its own: Resend answers
 * 500 to everything for a while (an outage the send waits out by itself), or longer than the pause threshold
 * (the send pauses and is resumed with one click). Every subscriber still gets exactly one e-mail, nobody is
 * missing, and no newsletter is left `sending` without a live job (tests/e2e/newsletter-faults-site.ts).
 */
/**
 * Short outage thresholds (production: an alert at 10 min, a pause at 30 min), read by the server at start (and
 * by the send's own process, which inherits its environment). The pause must come later than the brief outage
 * (15 s) ends, or that send pauses instead of waiting it out: a retry fails at most 15 s after the first failure.
 */
const BRIEF_OUTAGE_MS = 15_000;
const OUTAGE_ENV = {
  NEWSLETTER_OUTAGE_ALERT_MS: "2000",
  NEWSLETTER_OUTAGE_PAUSE_MS: String(BRIEF_OUTAGE_MS + 5000),
  NEWSLETTER_OUTAGE_RETRY_MAX_MS: "500",
};

const site = faultsSite("newsletter-outage");
const { one, stuckSends, recordMatrixRow, resend } = site;

describe("a newsletter send survives an e-mail provider outage", () => {
  const statusOf = async (id: string) =>
    (await one<{ status: string }>(`SELECT status::text AS status FROM newsletters WHERE id = $1`, [id])).status;

  async function startSend(subject: string) {
    resend.reset();
    const { id } = await buildNewsletter(site.db, {
      subject_es: subject,
      intro_es: "Intro",
      items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
    });
    await site.server.start(OUTAGE_ENV);
    const admin = await signIn(site.server.baseUrl, ADMIN.email, ADMIN.password);
    return { id, admin };
  }

  it("Resend answers 500 for 15 s mid-send: the send waits it out and ends sent with no admin action", async () => {
    const { id, admin } = await startSend("Top 5 con caída breve");
    resend.outageFor(BRIEF_OUTAGE_MS, { afterBatchCalls: 3 });
    expect((await admin.call("POST", `/api/admin/newsletters/${id}/send`)).status).toBeLessThan(300);
    await until(
      "the send to wait for the provider",
      async () =>
        (
          await one<{ n: number }>(
            `SELECT count(*)::int AS n FROM newsletters WHERE id = $1 AND provider_retry_at IS NOT NULL`,
            [id],
          )
        ).n === 1,
      { timeoutMs: 60_000 },
    );
    const stuckDuring = await stuckSends();
    await until("the newsletter to be sent", async () => (await statusOf(id)) === "sent", { timeoutMs: 120_000 });
    await recordMatrixRow("provider-outage", stuckDuring);
    await site.server.stop();
  }, 300_000);

  it("Resend down past the pause threshold: the send pauses, one click resumes it once Resend is back", async () => {
    const { id, admin } = await startSend("Top 5 con caída larga");
    resend.outageFor(60 * 60_000, { afterBatchCalls: 3 });
    expect((await admin.call("POST", `/api/admin/newsletters/${id}/send`)).status).toBeLessThan(300);
    await until("the send to pause", async () => (await statusOf(id)) === "paused", { timeoutMs: 120_000 });
    const stuckDuring = await stuckSends();
    resend.heal();
    expect((await admin.call("POST", `/api/admin/newsletters/${id}/resume-send`)).status).toBeLessThan(300);
    await until("the newsletter to be sent", async () => (await statusOf(id)) === "sent", { timeoutMs: 120_000 });
    await recordMatrixRow("provider-outage-paused", stuckDuring);
    await site.server.stop();
  }, 300_000);
});
