import { expect } from "vitest";
import type { ContractRow } from "./table.ts";
import type { Answer, Ctx } from "./valid-calls.ts";

/**
 * The editors' desk calls (beyond docs/product.md §7): article editing, revisions, scheduling, the audit trail and the
 * newsletter test send and the cancel of a send. Same walk as the spec's rows: access, a refused payload, and a valid call.
 */
const BAD_SLUG = "Not%20A%20Slug";

// biome-ignore format: one row per line, like the spec's table
export const DESK_ROWS: ContractRow[] = [
  { method: "PATCH", path: "/api/articles/{slug}", payload: "any subset of the editable fields", read: "article", access: "admin", invalid: { body: { title_en: "  " }, field: "title_en" } },
  { method: "PUT", path: "/api/articles/{slug}/schedule", payload: "publish_at (future time, or null to cancel)", read: "article", access: "admin", invalid: { body: { publish_at: "not a date" }, field: "publish_at" } },
  { method: "GET", path: "/api/articles/{slug}/revisions", payload: "none", read: "revisions, newest first", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "POST", path: "/api/articles/{slug}/revisions/{id}/restore", payload: "fields (optional)", read: "article", access: "admin", invalid: { body: { fields: ["status"] }, field: "fields.0" } },
  { method: "GET", path: "/api/admin/audit", payload: "none", read: "entries, total, page", access: "admin", invalid: { query: "pageSize=0", field: "pageSize" } },
  { method: "POST", path: "/api/admin/newsletters/{id}/send-test", payload: "locale", read: "success, to", access: "admin", invalid: { body: { locale: "fr" }, field: "locale" } },
  { method: "GET", path: "/api/articles/{slug}/verification", payload: "none", read: "status, report, confirmation, snapshots", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "POST", path: "/api/articles/{slug}/verification", payload: "none", read: "status, report, confirmation, snapshots", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "GET", path: "/api/admin/newsletters/alerts", payload: "locale (optional)", read: "open alerts", access: "admin", invalid: { query: "locale=fr", field: "locale" } },
  { method: "POST", path: "/api/admin/newsletters/{id}/cancel-send", payload: "none", read: "status", access: "admin", invalid: { params: { id: "x".repeat(65) }, field: "id" } },
  { method: "POST", path: "/api/admin/newsletters/{id}/resume-send", payload: "none", read: "status", access: "admin", invalid: { params: { id: "x".repeat(65) }, field: "id" } },
  { method: "GET", path: "/api/admin/stats/overview", payload: "range (24h, 7d, 30d)", read: "series, totals, previous, top pieces/pages/referrers/campaigns/languages/devices", access: "admin", invalid: { query: "range=1y", field: "range" } },
  { method: "GET", path: "/api/admin/stats/newsletter", payload: "weeks (1–52, optional)", read: "issues (recipients, delivered, bounced, clicks per item), weeks (signups, confirmations, unsubscribes)", access: "admin", invalid: { query: "weeks=0", field: "weeks" } },
  { method: "GET", path: "/api/admin/stats/realtime", payload: "none", read: "views, visitors, minutes, pages", access: "admin", invalid: { none: "GET without parameters" } },
  { method: "GET", path: "/api/articles/status/unreviewed", payload: "none", read: "published agent articles with no human review", access: "admin", invalid: { none: "GET without parameters" } },
  { method: "PUT", path: "/api/articles/{slug}/reviewed", payload: "none", read: "article", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "GET", path: "/api/admin/trust-settings", payload: "none", read: "trust settings", access: "admin", invalid: { none: "GET without parameters" } },
  { method: "PUT", path: "/api/admin/trust-settings", payload: "trust settings", read: "trust settings", access: "admin", invalid: { body: { auto_publish_public_interest: false, contact_url: null, social: ["javascript:alert(1)"], belongto: [], data_training_allowed: false }, field: "social.0" } },
];

type Json = Record<string, unknown>;
const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

export const DESK_VALID_CALLS: Record<string, (c: Ctx) => Promise<Answer>> = {
  "GET /api/articles/status/unreviewed": async (c) => {
    const slug = await c.db.insertArticle({ status: "published", isAgent: true });
    const answer = await asJson(await c.admin.call("GET", "/api/articles/status/unreviewed"));
    expect((answer.body as Json[]).map((a) => a.slug)).toContain(slug);
    return answer;
  },
  "PUT /api/articles/{slug}/reviewed": async (c) => {
    const slug = await c.db.insertArticle({ status: "published", isAgent: true });
    const answer = await asJson(await c.admin.call("PUT", `/api/articles/${slug}/reviewed`));
    expect(answer.body).toMatchObject({ slug, status: "published" });
    const left = await c.admin.json<Json[]>("GET", "/api/articles/status/unreviewed");
    expect(left.body.map((a) => a.slug)).not.toContain(slug);
    return answer;
  },
  "GET /api/admin/trust-settings": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/trust-settings"));
    expect(answer.body).toMatchObject({ auto_publish_public_interest: expect.any(Boolean), social: expect.any(Array) });
    return answer;
  },
  // The settings are the whole site's: the call saves what is there, so other files see no change.
  "PUT /api/admin/trust-settings": async (c) => {
    const current = (await c.admin.json("GET", "/api/admin/trust-settings")).body;
    const answer = await asJson(await c.admin.call("PUT", "/api/admin/trust-settings", { body: current }));
    expect(answer.body).toEqual(current);
    return answer;
  },
  "GET /api/admin/stats/overview": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/stats/overview?range=24h"));
    expect(answer.body).toMatchObject({ range: "24h", totals: expect.any(Object), previous: expect.any(Object) });
    expect((answer.body as { series: unknown[] }).series).toHaveLength(24);
    return answer;
  },
  "GET /api/admin/stats/newsletter": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/stats/newsletter?weeks=4"));
    expect((answer.body as { weeks: unknown[] }).weeks).toHaveLength(4);
    expect(Array.isArray((answer.body as { issues: unknown[] }).issues)).toBe(true);
    return answer;
  },
  "GET /api/admin/stats/realtime": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/stats/realtime"));
    expect((answer.body as { minutes: unknown[] }).minutes.length).toBeGreaterThanOrEqual(30);
    return answer;
  },
  "PATCH /api/articles/{slug}": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("PATCH", `/api/articles/${slug}`, { body: { title_en: "Fixed" } }));
    expect(answer.body).toMatchObject({ slug, title_en: "Fixed" });
    return answer;
  },
  "PUT /api/articles/{slug}/schedule": async (c) => {
    const slug = await c.db.insertArticle();
    const publish_at = new Date(Date.now() + 86_400_000).toISOString();
    const answer = await asJson(await c.admin.call("PUT", `/api/articles/${slug}/schedule`, { body: { publish_at } }));
    expect(answer.body).toMatchObject({ slug, status: "draft", publish_at });
    return answer;
  },
  "GET /api/articles/{slug}/verification": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("GET", `/api/articles/${slug}/verification`));
    // An article written by hand has no report until someone verifies it.
    expect(answer.body).toMatchObject({ slug, status: null, report: null, snapshots: [] });
    return answer;
  },
  "POST /api/articles/{slug}/verification": async (c) => {
    const slug = await c.db.insertArticle();
    const answer = await asJson(await c.admin.call("POST", `/api/articles/${slug}/verification`));
    expect(answer.body).toMatchObject({ slug });
    expect(["verified", "needs_review", "failed"]).toContain((answer.body as Json).status);
    return answer;
  },
  "GET /api/admin/newsletters/alerts": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/newsletters/alerts"));
    expect(Array.isArray(answer.body)).toBe(true);
    return answer;
  },
  "GET /api/articles/{slug}/revisions": async (c) => {
    const slug = await c.db.insertArticle();
    await c.admin.call("PATCH", `/api/articles/${slug}`, { body: { summary_es: "Otro" } });
    const answer = await asJson(await c.admin.call("GET", `/api/articles/${slug}/revisions`));
    expect((answer.body as Json[]).map((r) => r.action)).toEqual(["edit"]);
    return answer;
  },
  "POST /api/articles/{slug}/revisions/{id}/restore": async (c) => {
    const slug = await c.db.insertArticle();
    await c.admin.call("PATCH", `/api/articles/${slug}`, { body: { summary_es: "Segundo" } });
    await c.admin.call("PATCH", `/api/articles/${slug}`, { body: { summary_es: "Tercero" } });
    const revisions = (await (await c.admin.call("GET", `/api/articles/${slug}/revisions`)).json()) as Json[];
    const answer = await asJson(
      await c.admin.call("POST", `/api/articles/${slug}/revisions/${revisions[1]?.id}/restore`, { body: {} }),
    );
    expect(answer.body).toMatchObject({ slug, summary_es: "Segundo" });
    return answer;
  },
  "GET /api/admin/audit": async (c) => {
    const slug = await c.db.insertArticle();
    await c.admin.call("PUT", `/api/articles/${slug}/toggle-featured`);
    const answer = await asJson(await c.admin.call("GET", `/api/admin/audit?target=${slug}`));
    expect((answer.body as { items: Json[] }).items).toMatchObject([{ action: "article.feature", outcome: "success" }]);
    return answer;
  },
  "POST /api/admin/newsletters/{id}/send-test": async (c) => {
    const [row] = await c.db.query<{ id: string }>(
      `INSERT INTO newsletters (id, subject_es, intro_es, week_start, updated_at)
       VALUES ('nl' || md5(random()::text), 'Prueba de contrato', 'Intro', now(), now()) RETURNING id`,
    );
    const answer = await asJson(
      await c.admin.call("POST", `/api/admin/newsletters/${row?.id}/send-test`, { body: { locale: "en" } }),
    );
    expect(answer.body).toMatchObject({ success: true });
    return answer;
  },
  "POST /api/admin/newsletters/{id}/cancel-send": async (c) => {
    // A send whose job was lost: only the operator's cancel (or resume) can end it.
    const [row] = await c.db.query<{ id: string }>(
      `INSERT INTO newsletters (id, subject_es, intro_es, week_start, updated_at, status)
       VALUES ('nl' || md5(random()::text), 'Envío sin trabajo', 'Intro', now(), now(), 'sending') RETURNING id`,
    );
    const answer = await asJson(await c.admin.call("POST", `/api/admin/newsletters/${row?.id}/cancel-send`));
    expect(answer.body).toMatchObject({ success: true, status: "failed" });
    const [after] = await c.db.query<{ status: string }>(
      "SELECT status::text AS status FROM newsletters WHERE id = $1",
      [row?.id],
    );
    expect(after?.status).toBe("failed");
    return answer;
  },
  "POST /api/admin/newsletters/{id}/resume-send": async (c) => {
    // A send paused by a long e-mail provider outage: one click sends it on.
    const [row] = await c.db.query<{ id: string }>(
      `INSERT INTO newsletters (id, subject_es, intro_es, week_start, updated_at, status, provider_down_since)
       VALUES ('nl' || md5(random()::text), 'Envío en pausa', 'Intro', now(), now(), 'paused', now()) RETURNING id`,
    );
    const answer = await asJson(await c.admin.call("POST", `/api/admin/newsletters/${row?.id}/resume-send`));
    expect(answer.body).toMatchObject({ success: true, status: "sending" });
    return answer;
  },
};
