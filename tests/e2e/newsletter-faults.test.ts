import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbClient } from "~/platform/db/client.ts";
import { buildNewsletter, buildSubscriptions } from "../support/builders.ts";
import { FakeResend } from "../support/fake-resend.ts";
import { until } from "../support/until.ts";
import type { CrashableServer } from "./crash-server.ts";
import { type NewsletterSite, newsletterSite } from "./newsletter-site.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * Fault injection of the newsletter send: the production server kills its own process group (SIGKILL, as an
 * OOM kill would) at each point of the send request and of the send job, then starts again on the same
 * database; and Resend answers 500 to everything for a while in the middle of a send (an outage the send waits
 * out by itself, and one longer than the pause threshold, resumed with one click). Whatever the fault, every
 * subscriber gets exactly one e-mail at the fake Resend, nobody is missing, and no newsletter is left
 * `sending` without a live job behind it.
 */
const ADMIN = { email: "faults-admin@riesgos-ia.test", password: "faults-admin-password" };
const SUBSCRIBERS = 1000; // 10 batches of 100

const POINTS = [
  { point: "before-claim", after: 1 },
  { point: "after-claim", after: 1 },
  { point: "after-enqueue", after: 1 },
  { point: "between-batches", after: 1 },
  { point: "after-batch-accepted", after: 3 },
] as const;

let site: NewsletterSite;
let server: CrashableServer;
const resend = new FakeResend({ keepBodies: false });
let sql: pg.Client;
let db: DbClient;
const matrix: Record<string, { duplicates: number; missing: number; stuck: number }> = {};

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

const one = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows[0] as T;

/** Newsletters `sending` with no queued, retrying or running send job: a wedged send. */
const stuckSends = async () =>
  (
    await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM newsletters n
        WHERE n.status = 'sending' AND NOT EXISTS (
          SELECT 1 FROM pgboss.job j WHERE j.name IN ('newsletter/send.requested', 'newsletter/send.group')
             AND j.state IN ('created', 'retry', 'active') AND j.data ->> 'newsletterId' = n.id)`,
    )
  ).n;

/**
 * The fault matrix's row for one fault, once its newsletter is sent: subscribers with two copies or none at the
 * fake, and sends left without a job (then and `stuckBefore`). Answers how many subscribers there are.
 */
async function recordMatrixRow(fault: string, stuckBefore: number): Promise<number> {
  const emails = (
    await sql.query<{ email: string }>(
      `SELECT email::text AS email FROM newsletter_subscriptions WHERE subscribed AND status = 'confirmed'`,
    )
  ).rows;
  const counts = emails.map((e) => resend.receivedBy(e.email));
  matrix[fault] = {
    duplicates: counts.filter((n) => n > 1).length,
    missing: counts.filter((n) => n === 0).length,
    stuck: stuckBefore + (await stuckSends()),
  };
  expect(emails.length).toBeGreaterThanOrEqual(SUBSCRIBERS);
  expect(matrix[fault]).toEqual({ duplicates: 0, missing: 0, stuck: 0 });
  return emails.length;
}

beforeAll(async () => {
  site = await newsletterSite("newsletter-faults", {
    admin: ADMIN,
    resend,
    env: { RESEND_MAX_RPS: "50", JOB_RETRY_BASE_MS: "1000", NEWSLETTER_CRON_ENABLED: "false" },
  });
  ({ server, sql, db } = site);
  await buildSubscriptions(
    db,
    Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      email: `fallo.${i + 1}@example.com`,
      locale: (i + 1) % 3 === 0 ? "en" : "es",
    })),
  );
}, 240_000);

/** The crash preload and its settings: the server kills its process group the `after`-th time it reaches `point`. */
const killAt = (point: string, after: number) => ({
  NODE_OPTIONS: `--import ${path.resolve("tests/support/fault-preload.mjs")}`,
  FAULT_KILL_AT: point,
  FAULT_KILL_AFTER: String(after),
});

afterAll(async () => {
  console.log(`[newsletter-faults] ${JSON.stringify(matrix)}`);
  await site?.close();
  await resend.close();
});

describe("a newsletter send survives a kill at every point", () => {
  it.each(POINTS)(
    "killed at $point: each subscriber gets exactly one e-mail, and nothing stays sending without a job",
    async ({ point, after }) => {
      resend.reset();
      const { id } = await buildNewsletter(db, {
        subject_es: "Top 5 con fallo",
        intro_es: "Intro",
        items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
      });
      await server.start(killAt(point, after));
      const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      // The request may die with the server (a network error) or answer first (the job's own kill points).
      await admin.call("POST", `/api/admin/newsletters/${id}/send`).catch(() => null);
      expect(await server.exitedWithin(90_000), `the server to kill itself at ${point}`).toBe(true);

      await server.start();
      const stuckAfterKill = await stuckSends();
      expect(stuckAfterKill, "a newsletter left sending without a job").toBe(0);
      const status = (
        await one<{ status: string }>(`SELECT status::text AS status FROM newsletters WHERE id = $1`, [id])
      ).status;
      if (status !== "sending" && status !== "sent") {
        // Killed before the claim committed: nothing happened, and the editor sends again.
        expect(status).toBe("draft");
        const again = await (await signIn(server.baseUrl, ADMIN.email, ADMIN.password)).call(
          "POST",
          `/api/admin/newsletters/${id}/send`,
        );
        expect(again.status).toBeLessThan(300);
      }
      await until(
        "the newsletter to be sent",
        async () =>
          (await one<{ status: string }>(`SELECT status FROM newsletters WHERE id = $1`, [id])).status === "sent",
        { timeoutMs: 120_000 },
      );

      const emails = await recordMatrixRow(point, stuckAfterKill);
      const row = await one<{ sent_count: number; recipient_count: number }>(
        `SELECT sent_count, recipient_count FROM newsletters WHERE id = $1`,
        [id],
      );
      expect(row.sent_count).toBe(emails);
      await server.stop();
    },
    300_000,
  );
});

describe("a newsletter send survives an e-mail provider outage", () => {
  const statusOf = async (id: string) =>
    (await one<{ status: string }>(`SELECT status::text AS status FROM newsletters WHERE id = $1`, [id])).status;

  async function startSend(subject: string) {
    resend.reset();
    const { id } = await buildNewsletter(db, {
      subject_es: subject,
      intro_es: "Intro",
      items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
    });
    await server.start(OUTAGE_ENV);
    const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
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
    await server.stop();
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
    await server.stop();
  }, 300_000);
});
