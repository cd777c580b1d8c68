import { randomBytes, randomInt } from "node:crypto";
import pg from "pg";

/** A unique suffix for the data each test creates (the e2e database is shared by every file of the run). */
export const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

/**
 * A client IP of its own: the server's rate limits key on the right-most X-Forwarded-For entry, so callers
 * that register or fail logins do not spend each other's allowance (or other test files').
 */
const freshIp = () => `10.${randomInt(1, 254)}.${randomInt(1, 254)}.${randomInt(1, 254)}`;

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Plain fetch against the running server, as a browser on the site's own origin would call it. */
export class RestClient {
  cookie = "";
  readonly ip = freshIp();

  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      "x-forwarded-for": this.ip,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...opts.headers,
    };
    let body: string | undefined;
    if (opts.rawBody !== undefined || opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = opts.rawBody ?? JSON.stringify(opts.body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length) this.cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
    return res;
  }

  async json<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions = {}) {
    const res = await this.call(method, path, opts);
    const text = await res.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new Error(`${method} ${path} → ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    return { res, body };
  }
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<RestClient> {
  const client = new RestClient(baseUrl);
  const res = await client.call("POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return client;
}

/** Registers a fresh account (role user) and returns its signed-in client. */
export async function registerUser(baseUrl: string): Promise<{ client: RestClient; email: string; password: string }> {
  const client = new RestClient(baseUrl);
  const id = unique();
  const email = `rest-${id}@example.com`;
  const password = `pw-${id}`;
  const res = await client.call("POST", "/api/auth/register", { body: { username: `rest_${id}`, email, password } });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  return { client, email, password };
}

/** Fills a path template: `{name}` → params[name] (callers pass values already URL-encoded). */
export const fillPath = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return value;
  });

/** Direct database access for fixtures and for proving that refused calls write nothing. */
export class Db {
  private constructor(private readonly client: pg.Client) {}

  static async connect(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new Db(client);
  }

  close() {
    return this.client.end();
  }

  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []) {
    return this.client.query<R>(sql, params).then((r) => r.rows);
  }

  /**
   * Row count of every table in the public schema, except the bookkeeping of jobs (runs, attempts, steps,
   * schedule fires, the backup schedule's runs): the server's own schedules (e.g. the per-minute publishing
   * cron) write there whatever a test does.
   */
  async counts(): Promise<Record<string, number>> {
    return this.agreedCounts(false);
  }

  /**
   * The counts before a call: as `counts()`, but a first reading equal to the last agreed one (the previous
   * check's, moments ago) extends that agreement instead of waiting 300 ms for another. Never for the counts
   * after a call: those wait for a second reading, so a late write of the call is seen.
   */
  async countsBefore(): Promise<Record<string, number>> {
    return this.agreedCounts(true);
  }

  private async agreedCounts(extendLast: boolean): Promise<Record<string, number>> {
    await this.jobsIdle();
    // A send still finishing from an earlier file (its lanes run outside the job table) can write between two
    // counts: read until two readings 300 ms apart agree, so only the call under test can change them.
    const deadline = Date.now() + 60_000;
    let last = await this.countOnce();
    if (extendLast && JSON.stringify(last) === this.lastAgreed) return last;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      const next = await this.countOnce();
      if (JSON.stringify(next) === JSON.stringify(last)) {
        this.lastAgreed = JSON.stringify(next);
        return next;
      }
      last = next;
    }
    return last;
  }
  private lastAgreed: string | undefined;

  /** Every counted table's rows, in one query. */
  private async countOnce(): Promise<Record<string, number>> {
    const tables = await this.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('job_runs', 'job_attempts', 'job_steps', 'job_schedule_fires', 'inngest_runs', 'backup_runs') ORDER BY 1",
    );
    const sql = tables
      .map(({ table_name }) => `SELECT '${table_name}' AS name, count(*)::int AS n FROM "${table_name}"`)
      .join(" UNION ALL ");
    const rows = await this.query<{ name: string; n: number }>(sql);
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  }

  /**
   * Waits (`ms` at most) until the server's job engine has nothing queued, retrying or running, so the mails of
   * earlier calls (and of earlier test files' load) cannot land between two counts.
   */
  async jobsIdle(ms = 20_000) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const [row] = await this.query<{ n: string }>(
        "SELECT count(*) AS n FROM pgboss.job WHERE state < 'completed' AND name NOT LIKE '\\_\\_pgboss%'",
      );
      if (Number(row?.n) === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A fresh article (draft unless told otherwise) this test owns. */
  async insertArticle(opts: { status?: "draft" | "published" | "rejected"; author?: string; isAgent?: boolean } = {}) {
    const slug = `contrato-rest-${unique()}`;
    await this.query(
      `INSERT INTO articles (id, slug, title_es, summary_es, body_es, date, updated_at, topics, tags, status, author, published_at, is_agent)
       VALUES ($1, $2, $3, 'Resumen de prueba', 'Cuerpo de prueba', now(), now(), ARRAY['gobernanza'], ARRAY['prueba'], $4::"ContentStatus", $5,
               CASE WHEN $4 = 'published' THEN now() END, $6)`,
      [
        `c${unique()}`,
        slug,
        `Artículo de contrato ${slug}`,
        opts.status ?? "draft",
        opts.author ?? null,
        opts.isAgent ?? false,
      ],
    );
    return slug;
  }

  async article(slug: string) {
    const [row] = await this.query<{ status: string; featured: boolean; is_static: boolean; author: string | null }>(
      "SELECT status, featured, is_static, author FROM articles WHERE slug = $1",
      [slug],
    );
    return row;
  }

  /** The unsubscribe token of the signup mail sent to `email` (read from the outbox; the mail is a job's). */
  async unsubscribeToken(email: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await this.query<{ headers: Record<string, string> }>(
        `SELECT headers FROM email_messages WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
        [email],
      );
      const token = /token=([A-Za-z0-9_-]+)/.exec(row?.headers["List-Unsubscribe"] ?? "")?.[1];
      if (token) return token;
      if (Date.now() > deadline) throw new Error(`no signup mail to ${email}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async subscriptionExists(email: string): Promise<boolean> {
    const rows = await this.query("SELECT 1 FROM newsletter_subscriptions WHERE email = $1", [email]);
    return rows.length > 0;
  }
}
