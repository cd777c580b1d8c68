import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, vi } from "vitest";
import { startFakeOpenAi } from "./fake-openai.ts";
import { startFakeSources } from "./fake-sources.ts";
import { createPrivateDatabase, expectAppOn, tableFingerprints } from "./private-database.ts";

/**
 * The app as the admin fuzzing files see it: a database of the file's own (so whole-table fingerprints are exact),
 * loopback OpenAI and official-site stand-ins, mail left in the outbox table, a signed-in admin and the rows the
 * fuzzed requests aim at. Call with top-level await before importing app modules; it registers the file's hooks.
 */
export async function startFuzzAdminApp(prefix: string) {
  const database = await createPrivateDatabase(prefix);
  const openai = await startFakeOpenAi();
  const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-fuzz-images-"));
  vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
  vi.stubEnv("OPENAI_BASE_URL", openai.url);
  vi.stubEnv("IMAGE_STORAGE_DIR", imageDir);
  vi.stubEnv("SOURCE_ALLOWLIST", "");
  vi.stubEnv("JOB_RETRY_BASE_MS", "5");
  // No Resend: mail lands in the outbox table, where the test reads it.
  vi.stubEnv("RESEND_API_KEY", "");
  // Official sites stand-in: an agent drafts only from pages the fetcher read.
  const sources = await startFakeSources();
  vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);

  const { db } = await import("~/platform/db/db.ts");
  const { createSession } = await import("~/platform/auth/sessions.ts");
  const { settleJobs: settleInProcessJobs } = await import("./jobs.ts");
  const { handleRest } = await import("~/server/rest/handler.ts");

  const run = randomBytes(4).toString("hex");
  const F = {
    adminId: `fuzz-admin-${run}`,
    userId: `fuzz-user-${run}`,
    agentId: `fuzzagent${run}`,
    slug: `fuzz-articulo-${run}`,
    newsletterId: `fuzznewsletter${run}`,
    email: `fuzz.${run}@example.com`,
    contactId: `fuzzcontact${run}`,
  };
  const adminSession = {
    user: { id: F.adminId, username: `fuzzadmin${run}`, email: `admin.${F.email}`, role: "admin" as const },
  };
  let client: pg.Client;
  let cookie: string;
  let ip = 0;

  /** The rows the fuzzed requests aim at; recreated when a previous (accepted) request deleted one. */
  async function ensureFixtures() {
    const present = await client.query<{ ok: boolean }>(
      `SELECT (SELECT count(*) FROM users WHERE id IN ($1, $2)) = 2
         AND EXISTS (SELECT 1 FROM agents WHERE id = $3) AND EXISTS (SELECT 1 FROM articles WHERE slug = $4)
         AND EXISTS (SELECT 1 FROM newsletters WHERE id = $5)
         AND EXISTS (SELECT 1 FROM newsletter_subscriptions WHERE email = $6)
         AND EXISTS (SELECT 1 FROM contact_messages WHERE id = $7) AS ok`,
      [F.adminId, F.userId, F.agentId, F.slug, F.newsletterId, F.email, F.contactId],
    );
    if (present.rows[0]?.ok) return;
    const now = new Date();
    await db.user.upsert({
      where: { id: F.adminId },
      create: {
        id: F.adminId,
        username: `fuzzadmin${run}`,
        email: `admin.${F.email}`,
        passwordHash: "x",
        role: "admin",
      },
      update: {},
    });
    await db.user.upsert({
      where: { id: F.userId },
      create: { id: F.userId, username: `fuzzuser${run}`, email: `user.${F.email}`, passwordHash: "x" },
      update: {},
    });
    await db.agent.upsert({
      where: { id: F.agentId },
      create: { id: F.agentId, name: `Agente fuzz ${run}`, config: { content: { topics: ["ai act"] } } },
      update: {},
    });
    await db.article.upsert({
      where: { slug: F.slug },
      create: {
        slug: F.slug,
        title_es: "Artículo de prueba",
        summary_es: "Resumen.",
        body_es: "Cuerpo.",
        status: "published",
        published_at: now,
        date: now,
        topics: ["regulacion"],
        author: `Agente fuzz ${run}`,
      },
      update: {},
    });
    await db.newsletter.upsert({
      where: { id: F.newsletterId },
      create: { id: F.newsletterId, subject_es: "Top 5", intro_es: "Intro", week_start: now, items: [] },
      update: {},
    });
    await db.newsletterSubscription.upsert({
      where: { email: F.email },
      create: {
        email: F.email,
        status: "confirmed",
        subscribed: true,
      },
      update: {},
    });
    await db.contactMessage.upsert({
      where: { id: F.contactId },
      create: { id: F.contactId, name: "Ana", email: F.email, reason: "press", message: "Hola", privacy: true },
      update: {},
    });
  }

  /**
   * A rejected request must leave every table as it was, apart from what changes on any call by design: rate-limit
   * counters, the admin's session (its last-seen time), the audit trail (each refused admin attempt is recorded),
   * and what the per-minute scheduled jobs write on their own clock (the job runtime's run records and the
   * newsletter health check's alerts); a job a request started would still show in the tables it writes.
   */
  const fingerprints = () =>
    tableFingerprints(client, [
      "rate_limits",
      "sessions",
      "audit_entries",
      "job_runs",
      "job_steps",
      "job_attempts",
      "job_schedule_fires",
      "newsletter_alerts",
    ]);

  beforeAll(async () => {
    await expectAppOn(db, database.name);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await ensureFixtures();
    cookie = `next-auth.session-token=${await createSession(db, F.adminId)}`;
  });

  afterAll(async () => {
    await settleInProcessJobs();
    await client?.end();
    vi.unstubAllEnvs();
    await openai.close();
    await sources.close();
    fs.rmSync(imageDir, { recursive: true, force: true });
  });

  function rest(method: string, url: string, body?: string) {
    return handleRest(
      new Request(`http://localhost/api${url}`, {
        method,
        headers: {
          cookie,
          "x-forwarded-for": `203.0.113.${ip++ % 250}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body,
      }),
    );
  }

  return { F, adminSession, openai, sources, db, settleInProcessJobs, ensureFixtures, fingerprints, rest };
}
