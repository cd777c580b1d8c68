import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DbClient } from "~/platform/db/client.ts";
import { migrate } from "~/platform/db/migrate.ts";
import { buildNewsletter, buildSubscriptions } from "../support/builders.ts";
import { DEFAULT_DRAFT, type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import { FakeResend } from "../support/fake-resend.ts";
import { startFakeSources } from "../support/fake-sources.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { until } from "../support/until.ts";
import { CrashableServer } from "./crash-server.ts";
import { e2eDatabase } from "./db.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * kill -9 of the production server in the middle of an agent run and of a newsletter send, then a restart on
 * the same database: both resume from their last finished step (stored in PostgreSQL) and finish — one article,
 * no second draft call to OpenAI, every subscriber exactly one e-mail.
 */
const ADMIN = { email: "crash-admin@riesgos-ia.test", password: "crash-admin-password" };
const SUBSCRIBERS = 1200; // 12 batches of 100

let server: CrashableServer;
let openai: FakeOpenAi;
// Official sites stand-in: an agent drafts only from pages the fetcher read.
let sources: Awaited<ReturnType<typeof startFakeSources>>;
const resend = new FakeResend();
let sql: pg.Client;
let db: DbClient;

const one = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows[0] as T;

beforeAll(async () => {
  const url = await freshDatabase(inject("databaseUrl"), "crash");
  await migrate(url);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  db = e2eDatabase(url);
  openai = await startFakeOpenAi();
  sources = await startFakeSources();
  const resendUrl = await resend.listen();
  server = await CrashableServer.create("crash-recovery", {
    DATABASE_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: "test-results/crash-data",
    OPENAI_API_KEY: "e2e-fake-openai-key",
    OPENAI_BASE_URL: openai.url,
    OPENAI_TIMEOUT_MS: "120000",
    SOURCE_FETCH_EXTRA_HOSTS: sources.host,
    RESEND_API_KEY: "re_crash_key",
    RESEND_BASE_URL: resendUrl,
    RESEND_TIMEOUT_MS: "120000",
    IMAGE_STORAGE_DIR: "test-results/crash-data/uploads",
    JOB_RETRY_BASE_MS: "1000",
  });
  await server.start();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await sql?.end();
  await db?.$disconnect();
  await Promise.all([openai?.close(), sources?.close(), resend.close()]);
});

const draftCalls = () => openai.chatRequests("article_draft").length;

describe("crash recovery on the embedded engine", () => {
  it("an agent run killed after its draft resumes after restart: one article, one draft call", async () => {
    const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const name = `Agente caída ${randomBytes(3).toString("hex")}`;
    const created = await admin.json<{ id: string }>("POST", "/api/agents", {
      body: {
        name,
        type: "article-generator",
        config: { content: { topics: "ai act", sourceUrls: [sources.urlOf("/ai-office/consultation")] } },
      },
    });
    expect(created.res.status, JSON.stringify(created.body)).toBeLessThan(300);
    const agentId = (created.body as { id?: string; agent?: { id: string } }).id ?? "";
    await db.agent.update({ where: { id: agentId }, data: { status: "active" } });
    // The draft is answered; the translation that follows hangs, so the run is caught between the two.
    openai.draft = { ...DEFAULT_DRAFT, title: `Artículo tras la caída ${randomBytes(3).toString("hex")}` };
    openai.script("pass", "hang");
    const started = await admin.json<{ run?: { id: string } }>("POST", `/api/agents/${agentId}/execute`);
    const runId = started.body.run?.id;
    expect(runId, JSON.stringify(started.body)).toBeTruthy();
    await until("the draft step to be stored", async () => {
      const row = await one<{ n: number }>(`SELECT count(*)::int AS n FROM job_steps WHERE step_id = 'draft'`);
      return row.n > 0;
    });
    expect(draftCalls()).toBe(1);
    // Kill only once the hanging translation call is in flight: killed earlier, the restarted run would be the
    // one to meet the scripted hang.
    await until("the translation call to be in flight", async () => openai.chatRequests().length >= 2);

    await server.kill9();
    const killedAt = await one<{ status: string }>(`SELECT status FROM agent_runs WHERE id = $1`, [runId]);
    expect(killedAt.status).toBe("running");
    await server.start();

    await until("the run to complete", async () => {
      const row = await one<{ status: string }>(`SELECT status FROM agent_runs WHERE id = $1`, [runId]);
      return row.status === "completed";
    });
    const articles = await one<{ n: number }>(`SELECT count(*)::int AS n FROM articles WHERE agent_run_id = $1`, [
      runId,
    ]);
    expect(articles.n).toBe(1);
    expect(draftCalls()).toBe(1); // the stored draft was reused, OpenAI was not asked again
  }, 240_000);

  it("a newsletter send killed mid-way resumes after restart: every subscriber gets exactly one e-mail", async () => {
    const tag = randomBytes(3).toString("hex");
    await buildSubscriptions(
      db,
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `caida.${tag}.${i + 1}@example.com`,
        locale: (i + 1) % 3 === 0 ? "en" : "es",
      })),
    );
    const { id } = await buildNewsletter(db, {
      subject_es: "Top 5 tras la caída",
      intro_es: "Intro",
      items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
    });
    const total = await one<{ n: number }>(`SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE subscribed`);
    // Four batches are answered; the answers to the next ones are lost (delivered, never acknowledged), so the
    // send is caught with batches in flight whose outcome it does not know.
    resend.script("/emails/batch", { pass: true, times: 4 }, { lost: true, times: Number.POSITIVE_INFINITY });
    const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const sent = await admin.call("POST", `/api/admin/newsletters/${id}/send`);
    expect(sent.status).toBeLessThan(300);
    await until("batches in flight", async () => resend.batchCalls >= 6);

    await server.kill9();
    resend.heal();
    await server.start();

    await until("the newsletter to be sent", async () => {
      const row = await one<{ status: string }>(`SELECT status FROM newsletters WHERE id = $1`, [id]);
      return row.status === "sent";
    });
    const row = await one<{ sent_count: number; recipient_count: number }>(
      `SELECT sent_count, recipient_count FROM newsletters WHERE id = $1`,
      [id],
    );
    expect(row.recipient_count).toBe(total.n);
    expect(row.sent_count).toBe(total.n);
    const emails = (await sql.query<{ email: string }>(`SELECT email FROM newsletter_subscriptions WHERE subscribed`))
      .rows;
    const counts = emails.map((e) => resend.receivedBy(e.email));
    expect(counts.filter((n) => n === 0)).toHaveLength(0); // nobody missing
    expect(counts.filter((n) => n > 1)).toHaveLength(0); // nobody twice
  }, 240_000);
});
