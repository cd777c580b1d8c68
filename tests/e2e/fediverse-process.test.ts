import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { until } from "../support/until.ts";
import { CrashableServer } from "./crash-server.ts";
import { attemptPids, launcherProcesses } from "./launcher-processes.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * `npm start` runs the fediverse's outgoing work in a process of its own, at a lower CPU priority than the
 * server's: the launcher starts it (nice 15), an article published from the desk is announced by it and not
 * by the server, and a kill -9 of it alone is survived: the launcher starts it again and pages keep answering.
 */
const ADMIN = { email: "fedi-proc-admin@riesgos-ia.test", password: "fedi-proc-admin-password" };
let server: CrashableServer;
let sql: pg.Client;

/** The fediverse process among the launcher's: pid and nice value. */
const fediverseProcesses = () => launcherProcesses(server.processGroup(), "/processes/fediverse-process.mjs");

/** The processes that ran attempts of an article's announcement. */
const announcerPids = (articleId: string) => attemptPids(sql, "fediverse/article.announce", "articleId", articleId);

beforeAll(async () => {
  const url = await freshDatabase(inject("databaseUrl"), "fedi_proc");
  await migrate(url);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  server = await CrashableServer.create("fediverse-process", {
    DATABASE_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: "test-results/fediverse-process-data",
    FEDIVERSE: "on",
  });
  await server.start();
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await sql?.end();
});

describe("the fediverse's own process", () => {
  it("is started by the launcher at a lower CPU priority than the server", async () => {
    // It starts at the launcher's priority and lowers its own once loaded.
    await until("the fediverse process at nice 15", async () => fediverseProcesses()[0]?.nice === 15, {
      timeoutMs: 60_000,
    });
    expect(fediverseProcesses()).toHaveLength(1);
  });

  it("announces an article published from the desk; the server does not", async () => {
    const [own] = fediverseProcesses();
    const slug = `fediverse-proceso-${Date.now().toString(36)}`;
    const id = `c${Date.now().toString(36)}fediproc`;
    await sql.query(
      `INSERT INTO articles (id, slug, title_es, summary_es, body_es, date, updated_at, topics, tags, status)
       VALUES ($1, $2, 'Anunciado por su proceso', 'Resumen.', 'Cuerpo.', now(), now(), ARRAY['gobernanza'], ARRAY[]::text[], 'draft')`,
      [id, slug],
    );
    const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const res = await admin.call("PUT", `/api/articles/${slug}`, { body: { status: "published" } });
    expect(res.status).toBe(200);
    await until("the announcement to run", async () => (await announcerPids(id)).length > 0, { timeoutMs: 60_000 });
    expect(await announcerPids(id)).toEqual([own?.pid]);
  }, 120_000);

  it("is started again after a kill -9, and pages answer meanwhile", async () => {
    const [first] = fediverseProcesses();
    expect(first?.pid).toBeGreaterThan(0);
    process.kill(first!.pid, "SIGKILL");
    expect((await fetch(`${server.baseUrl}/noticias`)).status).toBe(200);
    await until(
      "a new fediverse process at nice 15",
      async () => fediverseProcesses().some((p) => p.pid !== first?.pid && p.nice === 15),
      { timeoutMs: 60_000 },
    );
    const now = fediverseProcesses();
    expect(now.map((p) => p.nice)).toEqual([15]);
    expect(now[0]?.pid).not.toBe(first?.pid);
  }, 120_000);
});
