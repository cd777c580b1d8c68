import { expect } from "vitest";
import { E2E_ADMIN } from "../../setup/e2e-global.ts";
import { AGENT_VALID_CALLS } from "./agent-calls.ts";
import { type Db, RestClient, unique } from "./client.ts";
import { DESK_VALID_CALLS } from "./desk-rows.ts";
import { FEDIVERSE_VALID_CALLS } from "./fediverse-rows.ts";
import { READER_VALID_CALLS } from "./reader-rows.ts";

export interface Ctx {
  baseUrl: string;
  admin: RestClient;
  user: RestClient;
  anon: RestClient;
  db: Db;
}

/** What a valid call answered: the walk validates `body` against the operation's documented 200 schema. */
export interface Answer {
  res: Response;
  body: unknown;
  /** Response media type in the document (default application/json). */
  type?: string;
}

export type Scenario = (c: Ctx) => Promise<Answer>;

type Json = Record<string, unknown>;
const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

async function generateNewsletter(c: Ctx) {
  const { res, body } = await c.admin.json("POST", "/api/admin/newsletters/generate");
  expect(res.status).toBe(200);
  return body as Json & { id: string };
}

async function subscribe(c: Ctx, email: string) {
  const res = await c.anon.call("POST", "/api/newsletter/subscribe", { body: { email } });
  expect(res.status).toBe(200);
}

/** One valid call per docs/product.md §7 row, with fresh data and the spec's response specifics (issue 7). */
export const VALID_CALLS: Record<string, Scenario> = {
  "POST /api/auth/login": async (c) => {
    const res = await new RestClient(c.baseUrl).call("POST", "/api/auth/login", { body: E2E_ADMIN });
    const answer = await asJson(res);
    expect(answer.body).toMatchObject({ user: { email: E2E_ADMIN.email, role: "admin" } });
    expect(res.headers.getSetCookie().join()).toMatch(/next-auth\.session-token=/);
    return answer;
  },
  "POST /api/auth/register": async (c) => {
    const id = unique();
    const email = `alta-${id}@example.com`;
    const res = await new RestClient(c.baseUrl).call("POST", "/api/auth/register", {
      body: { username: `alta_${id}`, email, password: "secreto-123" },
    });
    const answer = await asJson(res);
    expect(answer.body).toMatchObject({ user: { email, role: "user" } });
    return answer;
  },
  "POST /api/auth/logout": async (c) => {
    const res = await c.anon.call("POST", "/api/auth/logout");
    return asJson(res);
  },
  "POST /api/newsletter/subscribe": async (c) => {
    const answer = await asJson(
      await c.anon.call("POST", "/api/newsletter/subscribe", { body: { email: `boletin-${unique()}@example.com` } }),
    );
    expect((answer.body as Json).message).toEqual(expect.any(String));
    return answer;
  },
  "POST /api/newsletter/unsubscribe": async (c) => {
    const email = `baja-${unique()}@example.com`;
    await subscribe(c, email);
    const token = await c.db.unsubscribeToken(email);
    const answer = await asJson(await c.anon.call("POST", "/api/newsletter/unsubscribe", { body: { token } }));
    expect(answer.body).toEqual({ success: true, message: "Te has desuscrito exitosamente del newsletter" });
    return answer;
  },
  "POST /api/contact": async (c) => {
    const body = {
      name: "Ana Contrato",
      email: `contacto-${unique()}@example.com`,
      organization: "Lab",
      reason: "press",
      message: "Hola",
      privacy: true,
    };
    const answer = await asJson(await c.anon.call("POST", "/api/contact", { body }));
    expect(answer.res.ok).toBe(true);
    return answer;
  },
  "GET /api/articles/{slug}": async (c) => {
    const slug = await c.db.insertArticle({ status: "published" });
    // Slugs are URL-decoded: %2D is '-'.
    const answer = await asJson(await c.anon.call("GET", `/api/articles/${slug.replace(/-/g, "%2D")}`));
    expect(answer.body).toMatchObject({ slug, status: "published" });
    return answer;
  },
  "GET /api/articles/status/published": async (c) => {
    const slug = await c.db.insertArticle({ status: "published" });
    const answer = await asJson(await c.anon.call("GET", "/api/articles/status/published"));
    const list = answer.body as Json[];
    expect(list.map((a) => a.slug)).toContain(slug);
    expect(list.filter((a) => a.is_static)).toEqual([]);
    return answer;
  },
  "GET /api/articles/static": async (c) => {
    const slug = await c.db.insertArticle({ status: "published" });
    await c.admin.call("PUT", `/api/articles/${slug}/toggle-static`);
    const answer = await asJson(await c.anon.call("GET", "/api/articles/static"));
    const list = answer.body as Json[];
    expect(list.map((a) => a.slug)).toContain(slug);
    expect(list.every((a) => a.is_static === true)).toBe(true);
    const published = (await (await c.anon.call("GET", "/api/articles/status/published")).json()) as Json[];
    expect(published.map((a) => a.slug)).not.toContain(slug);
    return answer;
  },
  "GET /api/articles/status/draft": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("GET", "/api/articles/status/draft"));
    expect((answer.body as Json[]).map((a) => a.slug)).toContain(slug);
    return answer;
  },
  "PUT /api/articles/{slug}": async (c) => {
    const [approve, reject] = [await c.db.insertArticle(), await c.db.insertArticle()];
    const rejected = await c.admin.json("PUT", `/api/articles/${reject}`, { body: { status: "rejected" } });
    expect(rejected.body.status).toBe("rejected");
    const answer = await asJson(
      await c.admin.call("PUT", `/api/articles/${approve}`, { body: { status: "published" } }),
    );
    expect((answer.body as Json).status).toBe("published");
    expect((await c.db.article(approve))?.status).toBe("published");
    return answer;
  },
  "DELETE /api/articles/{slug}": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("DELETE", `/api/articles/${slug}`));
    expect(await c.db.article(slug)).toBeUndefined();
    return answer;
  },
  "PUT /api/articles/{slug}/toggle-featured": async (c) => {
    const slug = await c.db.insertArticle({ status: "published" });
    const answer = await asJson(await c.admin.call("PUT", `/api/articles/${slug}/toggle-featured`));
    expect(answer.body).toMatchObject({ slug, featured: true });
    return answer;
  },
  "PUT /api/articles/{slug}/toggle-static": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("PUT", `/api/articles/${slug}/toggle-static`));
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect((await c.db.article(slug))?.is_static).toBe(true);
    return answer;
  },
  "PUT /api/articles/{slug}/regenerate-image": async (c) => {
    const slug = await c.db.insertArticle();
    return asJson(await c.admin.call("PUT", `/api/articles/${slug}/regenerate-image`));
  },
  "POST /api/generate-manual-content": async (c) => {
    const body = {
      userPrompt: `Resumen del AI Act ${unique()}`,
      contentType: "news",
      generateImage: false,
      authorName: "Redacción",
    };
    const answer = await asJson(await c.admin.call("POST", "/api/generate-manual-content", { body }));
    expect(answer.body).toMatchObject({ success: true, run: { trigger: "manual" } });
    return answer;
  },
  "GET /api/admin/articles/hardcoded-authors": async (c) => {
    const slug = await c.db.insertArticle({ author: "Autora Contrato" });
    const answer = await asJson(await c.admin.call("GET", "/api/admin/articles/hardcoded-authors"));
    expect((answer.body as { articles: Json[] }).articles.map((a) => a.slug)).toContain(slug);
    return answer;
  },
  "POST /api/admin/articles/fix-author-names": async (c) => {
    const slug = await c.db.insertArticle({ author: "Agente X" });
    const missing = `no-existe-${unique()}`;
    const answer = await asJson(
      await c.admin.call("POST", "/api/admin/articles/fix-author-names", {
        body: { mapping: { [slug]: "Ana Editora", [missing]: "Ana Editora" } },
      }),
    );
    const body = answer.body as { results: Json[]; message: string };
    expect(body.message).toEqual(expect.any(String));
    expect(body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug, status: "updated" }),
        expect.objectContaining({ slug: missing, status: "failed" }),
      ]),
    );
    expect((await c.db.article(slug))?.author).toBe("Ana Editora");
    return answer;
  },
  "POST /api/admin/articles/auto-migrate": async (c) => {
    const answer = await asJson(await c.admin.call("POST", "/api/admin/articles/auto-migrate"));
    expect(answer.body).toEqual({ results: expect.any(Array), message: expect.any(String) });
    return answer;
  },
  "POST /api/admin/newsletters/generate": async (c) => {
    const res = await c.admin.call("POST", "/api/admin/newsletters/generate");
    return asJson(res);
  },
  "GET /api/admin/newsletters": async (c) => {
    const { id } = await generateNewsletter(c);
    const answer = await asJson(await c.admin.call("GET", "/api/admin/newsletters"));
    expect((answer.body as Json[]).map((n) => n.id)).toContain(id);
    return answer;
  },
  "POST /api/admin/newsletters/{id}/send": async (c) => {
    const { id } = await generateNewsletter(c);
    return asJson(await c.admin.call("POST", `/api/admin/newsletters/${id}/send`));
  },
  "DELETE /api/admin/newsletters/{id}": async (c) => {
    const { id } = await generateNewsletter(c);
    const answer = await asJson(await c.admin.call("DELETE", `/api/admin/newsletters/${id}`));
    expect((await c.db.query("SELECT 1 FROM newsletters WHERE id = $1", [id])).length).toBe(0);
    return answer;
  },
  "GET /api/admin/newsletters/{id}/preview": async (c) => {
    const { id } = await generateNewsletter(c);
    const res = await c.admin.call("GET", `/api/admin/newsletters/${id}/preview`);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toMatch(/<html/i);
    return { res, body, type: "text/html" };
  },
  "GET /api/admin/jobs": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/jobs"));
    const body = answer.body as { engine: string; runs: Json[]; schedules: Json[] };
    expect(body.engine).toBe("embedded");
    expect(body.schedules).toContainEqual(
      expect.objectContaining({ name: "newsletter/weekly.scheduled", cron: "TZ=Europe/Madrid 0 8 * * 5" }),
    );
    return answer;
  },
  "POST /api/admin/jobs/{id}/retry": async (c) => {
    // A run out of retries, as the engine leaves one.
    const [run] = await c.db.query<{ id: string }>(
      `INSERT INTO pgboss.job (id, name, data, state, started_on, completed_on, output)
       VALUES (gen_random_uuid(), 'contact/mail.requested', '{"messageId":"contract"}', 'failed', now(), now(),
               '{"message":"contract test"}')
       RETURNING id::text`,
    );
    const answer = await asJson(await c.admin.call("POST", `/api/admin/jobs/${run!.id}/retry`));
    expect(answer.body).toEqual({ success: true, status: "retrying" });
    return answer;
  },
  "POST /api/admin/jobs/{id}/cancel": async (c) => {
    const [run] = await c.db.query<{ id: string }>(
      `INSERT INTO pgboss.job (id, name, data, start_after)
       VALUES (gen_random_uuid(), 'contact/mail.requested', '{"messageId":"contract"}', now() + interval '1 day')
       RETURNING id::text`,
    );
    const answer = await asJson(await c.admin.call("POST", `/api/admin/jobs/${run!.id}/cancel`));
    expect(answer.body).toEqual({ success: true, status: "cancelled" });
    return answer;
  },
  "GET /api/admin/newsletter/subscriptions": async (c) => {
    const email = `lista-${unique()}@example.com`;
    await subscribe(c, email);
    const answer = await asJson(
      await c.admin.call("GET", `/api/admin/newsletter/subscriptions?q=${encodeURIComponent(email)}`),
    );
    expect((answer.body as { items: Json[] }).items.map((s) => s.email)).toEqual([email]);
    return answer;
  },
  "DELETE /api/admin/newsletter/subscriptions/{email}": async (c) => {
    // A '+' and an '@' in the path: the e-mail travels URL-encoded.
    const email = `borrar+${unique()}@example.com`;
    await subscribe(c, email);
    const answer = await asJson(
      await c.admin.call("DELETE", `/api/admin/newsletter/subscriptions/${encodeURIComponent(email)}`),
    );
    expect(await c.db.subscriptionExists(email)).toBe(false);
    return answer;
  },
  ...AGENT_VALID_CALLS,
  ...DESK_VALID_CALLS,
  ...READER_VALID_CALLS,
  ...FEDIVERSE_VALID_CALLS,
};
