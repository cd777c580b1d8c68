import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import type { DbClient } from "~/platform/db/client.ts";
import { buildSubscriptions } from "../support/builders.ts";
import { FakeResend } from "../support/fake-resend.ts";
import type { CrashableServer } from "./crash-server.ts";
import { type NewsletterSite, newsletterSite } from "./newsletter-site.ts";

/**
 * The site the newsletter's fault files send from: a production server of their own with 1,000 confirmed
 * subscribers (10 batches of 100) and a fake Resend, and the fault matrix's checks: whatever the fault, every
 * subscriber gets exactly one e-mail at the fake, nobody is missing, and no newsletter is left `sending` without a
 * live job behind it. The kill points and the provider outages are two files, so they run side by side.
 */
export const FAULTS_ADMIN = { email: "faults-admin@riesgos-ia.test", password: "faults-admin-password" };
const SUBSCRIBERS = 1000;

/**
 * The crash preload and its settings: the server kills its process group the `after`-th time the send of
 * newsletter `sending` reaches `point` (any other send passes).
 */
export const killAt = (point: string, after: number, sending: string) => ({
  NODE_OPTIONS: `--import ${path.resolve("tests/support/fault-preload.mjs")}`,
  FAULT_KILL_AT: point,
  FAULT_KILL_AFTER: String(after),
  FAULT_KILL_SENDING: sending,
});

export function faultsSite(name: string) {
  const resend = new FakeResend({ keepBodies: false });
  const matrix: Record<string, { duplicates: number; missing: number; stuck: number }> = {};
  let site: NewsletterSite | undefined;
  const started = () => {
    if (!site) throw new Error("the faults site is started in beforeAll");
    return site;
  };
  const sql = (): pg.Client => started().sql;

  beforeAll(async () => {
    site = await newsletterSite(name, {
      admin: FAULTS_ADMIN,
      resend,
      env: { RESEND_MAX_RPS: "50", JOB_RETRY_BASE_MS: "1000", NEWSLETTER_CRON_ENABLED: "false" },
    });
    await buildSubscriptions(
      site.db,
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `fallo.${i + 1}@example.com`,
        locale: (i + 1) % 3 === 0 ? "en" : "es",
      })),
    );
  }, 240_000);

  afterAll(async () => {
    console.log(`${name}: ${JSON.stringify(matrix)}`);
    await site?.close();
    await resend.close();
  });

  const one = async <T>(text: string, values: unknown[] = []) => (await sql().query(text, values)).rows[0] as T;

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
      await sql().query<{ email: string }>(
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

  return {
    resend,
    one,
    stuckSends,
    recordMatrixRow,
    get server(): CrashableServer {
      return started().server;
    },
    get db(): DbClient {
      return started().db;
    },
  };
}
