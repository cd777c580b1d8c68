import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterUrl, readCredentials, SUPERUSER } from "~/platform/db/embedded-credentials.ts";
import { freePort } from "../setup/postgres.ts";
import { until } from "../support/until.ts";
import { CrashableServer } from "./crash-server.ts";
import { type RestClient, signIn } from "./rest-contract/client.ts";

/**
 * The restore drill: a site on the embedded default (articles and their revisions, subscribers, a sent Top 5,
 * analytics rollups, an image) is backed up by `npm run backup` while a writer subscribes readers and records
 * each acknowledged write; the server is killed with SIGKILL, its whole data folder deleted, and `npm run
 * restore` rebuilds it. Every write acknowledged before the backup's snapshot is there, the image is byte for
 * byte the same, the admin's session still signs in, the Top 5 is not sent again, and the job engine works.
 */
const ADMIN = { email: "drill-admin@riesgos-ia.test", password: "drill-admin-password" };
const run = randomBytes(3).toString("hex");
const dataDir = path.resolve(`test-results/drill-data-${run}`);
const backupDir = path.resolve(`test-results/drill-backups-${run}`);
const image = randomBytes(50_000);
let port: number;
let server: CrashableServer;
let admin: RestClient;

const scriptEnv = () => ({
  ...process.env,
  DATABASE_URL: undefined,
  MIGRATION_DATABASE_URL: undefined,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(port),
  IMAGE_STORAGE_DIR: path.join(dataDir, "uploads"),
  BACKUP_DIR: backupDir,
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
  NODE_ENV: "production" as const,
});

function npmScript(script: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env: scriptEnv() });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const creds = readCredentials(path.join(dataDir, "pg"));
  if (!creds) throw new Error("no embedded credentials");
  const client = new pg.Client({ connectionString: clusterUrl(port, SUPERUSER, creds.superuserPassword, "riesgos") });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const count = async (table: string) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

beforeAll(async () => {
  port = await freePort();
  server = await CrashableServer.create(`drill-${run}`, {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port),
    IMAGE_STORAGE_DIR: path.join(dataDir, "uploads"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_NEWSLETTER: "100000/3600",
    NEWSLETTER_CRON_ENABLED: "false",
    BACKUP_CRON: "off",
  });
  await server.start();
  admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  // What a site has besides its seeded articles: a revision, a sent Top 5, rollups, an image one article shows.
  fs.mkdirSync(path.join(dataDir, "uploads/2026/12"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads/2026/12/drill.png"), image);
  await query(`UPDATE articles SET image_url = '/api/media/2026/12/drill.png'
                WHERE id = (SELECT id FROM articles ORDER BY id LIMIT 1)`);
  await query(`INSERT INTO article_revisions (id, article_id, number, title_es, body_es, created_at)
               SELECT 'drill-rev', id, 99, title_es, body_es, now() FROM articles ORDER BY id LIMIT 1`).catch(() => {});
  await query(`INSERT INTO newsletters (id, slug, subject_es, intro_es, week_start, status, sent_at, sent_count,
                 recipient_count, updated_at)
               VALUES ('drill-sent', 'top-5-simulacro', 'Top 5 del simulacro', 'Intro', now(), 'sent', now(), 0, 0, now())`);
  await query(`INSERT INTO analytics_daily (day, dimension, value, views, visitors)
               VALUES (current_date - 1, 'page', '/noticias', 42, 7)`);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.distDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe("restore drill", () => {
  it("brings the site back from its backup after a kill -9 and the loss of .data", async () => {
    const acked: { email: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const email = `drill-${run}-${i}@example.com`;
        const res = await fetch(`${server.baseUrl}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email }),
        }).catch(() => null);
        if (res?.ok) acked.push({ email, at: Date.now() });
      }
    })();
    await until("five acknowledged subscriptions", async () => acked.length >= 5, { timeoutMs: 60_000 });
    const backup = await npmScript("backup");
    expect(backup.output).toMatch(/"scope":"backup","msg":".+: \d+ tables/);
    expect(backup.code).toBe(0);
    // Writes acknowledged after the snapshot too: the backup need not hold them, the drill checks only those before.
    await new Promise((r) => setTimeout(r, 1000));
    writing = false;
    await writer;
    const [name] = fs.readdirSync(backupDir).filter((f) => /^\d{4}-/.test(f));
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, name!, "manifest.json"), "utf8"));
    const snapshot = Date.parse(manifest.createdAt);
    const before = acked.filter((w) => w.at < snapshot).map((w) => w.email);
    expect(before.length).toBeGreaterThan(0);
    const rowsBefore = {
      articles: await count("articles"),
      revisions: await count("article_revisions"),
      rollups: await count("analytics_daily"),
      newsletters: await count("newsletters"),
      batches: await count("newsletter_batches"),
    };

    await server.kill9();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const restored = await npmScript("restore", [name!]);
    expect(restored.output).toMatch(/restored .*new identity/);
    expect(restored.code).toBe(0);
    const again = await npmScript("restore", [name!]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/refused: the target database is not empty/);

    await server.start();
    const emails = new Set(
      (
        await query<{ email: string }>(`SELECT email FROM newsletter_subscriptions WHERE email LIKE $1`, [
          `drill-${run}-%`,
        ])
      ).map((r) => r.email),
    );
    expect(before.filter((e) => !emails.has(e))).toEqual([]);
    expect(await count("articles")).toBe(rowsBefore.articles);
    expect(await count("article_revisions")).toBe(rowsBefore.revisions);
    expect(await count("analytics_daily")).toBe(rowsBefore.rollups);
    const media = await fetch(`${server.baseUrl}/api/media/2026/12/drill.png`);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(image)).toBe(true);
    // The admin's session from before the backup is a row of the backup: it still signs in.
    expect((await admin.call("GET", "/api/admin/jobs")).status).toBe(200);
    // The Top 5 was sent before: nothing sends it again.
    await new Promise((r) => setTimeout(r, 5000));
    expect(await count("newsletters")).toBe(rowsBefore.newsletters);
    expect(await count("newsletter_batches")).toBe(rowsBefore.batches);
    expect((await query<{ status: string }>(`SELECT status FROM newsletters WHERE id = 'drill-sent'`))[0]?.status).toBe(
      "sent",
    );
    // The job engine runs on the restored schema: a new subscriber's confirmation mail is sent by a job.
    const res = await fetch(`${server.baseUrl}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `after-${run}@example.com` }),
    });
    expect(res.status).toBe(200);
    await until(
      "the confirmation mail of a subscriber made after the restore",
      async () => (await count(`email_messages WHERE "to" = 'after-${run}@example.com'`)) > 0,
      { timeoutMs: 60_000 },
    );
  }, 900_000);
});
