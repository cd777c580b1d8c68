import fs from "node:fs";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbClient } from "~/platform/db/client.ts";
import { buildNewsletter, buildSubscriptions } from "../support/builders.ts";
import { FakeResend } from "../support/fake-resend.ts";
import { until } from "../support/until.ts";
import type { CrashableServer } from "./crash-server.ts";
import { attemptPids, launcherProcesses } from "./launcher-processes.ts";
import { type NewsletterSite, newsletterSite } from "./newsletter-site.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * `npm start` runs the newsletter send in a process of its own: the server enqueues, that process sends, the
 * public archive (cached in the server's memory) shows the issue as soon as it is sent, and a kill of that
 * process alone in the middle of a send is survived — the launcher starts it again and the send ends with
 * every subscriber served once.
 */
const ADMIN = { email: "sender-admin@riesgos-ia.test", password: "sender-admin-password" };
const SUBSCRIBERS = 3000; // 30 batches of 100, at 10 requests per second: a few seconds to kill in
const resend = new FakeResend({ keepBodies: false });
let site: NewsletterSite;
let server: CrashableServer;
let sql: pg.Client;
let db: DbClient;

const one = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows[0] as T;

/** The send's own process among the launcher's: its pid. */
const sendProcessPids = () => launcherProcesses(server.processGroup(), "/processes/send-process.mjs").map((p) => p.pid);

/** The processes that ran attempts of a newsletter's send job. */
const senderPids = (newsletterId: string) =>
  attemptPids(sql, "newsletter/send.requested", "newsletterId", newsletterId);

const newsletterStatus = async (id: string) =>
  one<{ status: string; sent_count: number; recipient_count: number }>(
    `SELECT status::text AS status, sent_count, recipient_count FROM newsletters WHERE id = $1`,
    [id],
  );

async function send(subject: string) {
  const n = await buildNewsletter(db, {
    slug: `top-5-proceso-${Date.now().toString(36)}`,
    subject_es: subject,
    intro_es: "Intro",
    items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
  });
  const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const res = await admin.call("POST", `/api/admin/newsletters/${n.id}/send`);
  expect(res.status).toBeLessThan(300);
  return n;
}

beforeAll(async () => {
  site = await newsletterSite("send-process", {
    admin: ADMIN,
    resend,
    env: { RESEND_MAX_RPS: "10", JOB_RETRY_BASE_MS: "1000", NEWSLETTER_SEND_PROCESS: undefined },
  });
  ({ server, sql, db } = site);
  await buildSubscriptions(
    db,
    Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: `proceso.${i + 1}@example.com`, locale: "es" })),
  );
  await server.start();
}, 240_000);

afterAll(async () => {
  await site?.close();
  await resend.close();
});

describe("the newsletter send's own process", () => {
  it("sends what the server enqueues, and the archive cached in the server shows the issue at once", async () => {
    await until("the send's process to start", async () => sendProcessPids().length === 1, { timeoutMs: 60_000 });
    const [sender] = sendProcessPids();
    const archive = () => fetch(`${server.baseUrl}/newsletter`).then((r) => r.text());
    const subject = `Top 5 del proceso propio ${Date.now().toString(36)}`;
    // Read (and so cached in the server's memory) before the issue exists.
    expect(await archive()).not.toContain(subject);

    const n = await send(subject);
    await until("the newsletter to be sent", async () => (await newsletterStatus(n.id)).status === "sent", {
      timeoutMs: 120_000,
    });
    expect(await senderPids(n.id)).toEqual([sender]);
    expect(resend.receivedBy("proceso.1@example.com")).toBe(1);
    // The send's process expired the archive's entries through PostgreSQL: the server's cached list is gone
    // long before its 5-minute revalidate time.
    await until("the archive to list the sent issue", async () => (await archive()).includes(subject), {
      timeoutMs: 15_000,
    });
    // The server kept the Friday schedule: the send's process owns none and removed none.
    const schedule = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.schedule WHERE name = 'newsletter/weekly.scheduled'`,
    );
    expect(schedule.n).toBe(1);
  }, 240_000);

  it("is started again when it dies in the middle of a send, which ends with everyone served once", async () => {
    resend.reset();
    const [first] = sendProcessPids();
    expect(first).toBeGreaterThan(0);
    const n = await send(`Top 5 interrumpido ${Date.now().toString(36)}`);
    await until("the send to be under way", async () => (await newsletterStatus(n.id)).sent_count >= 300, {
      everyMs: 50,
    });
    expect((await newsletterStatus(n.id)).status).toBe("sending");
    process.kill(first!, "SIGKILL");

    await until("a new send process", async () => sendProcessPids().some((pid) => pid !== first), {
      timeoutMs: 60_000,
    });
    await until("the newsletter to be sent", async () => (await newsletterStatus(n.id)).status === "sent", {
      timeoutMs: 180_000,
    });
    const row = await newsletterStatus(n.id);
    expect(row.sent_count).toBe(SUBSCRIBERS);
    const counts = Array.from({ length: SUBSCRIBERS }, (_, i) => resend.receivedBy(`proceso.${i + 1}@example.com`));
    expect({ duplicates: counts.filter((c) => c > 1).length, missing: counts.filter((c) => c === 0).length }).toEqual({
      duplicates: 0,
      missing: 0,
    });
    // Both processes sent part of it; the server never did.
    const [second] = sendProcessPids();
    expect((await senderPids(n.id)).sort()).toEqual([first, second].sort());
  }, 300_000);
});

describe("the fediverse's process beside it", () => {
  it("is never started: this site does not federate (http SITE_URL, FEDIVERSE unset)", async () => {
    // The launcher says so once the server is up; it starts no process that would load only to exit.
    await until(
      "the launcher's word on the fediverse",
      async () => fs.readFileSync(server.logFile, "utf8").includes("the site does not federate"),
      { timeoutMs: 10_000 },
    );
    const log = fs.readFileSync(server.logFile, "utf8");
    expect(log).not.toContain("nothing to deliver"); // the process's own line, had it been started
    expect(launcherProcesses(server.processGroup(), "/processes/fediverse-process.mjs")).toEqual([]);
  });
});
