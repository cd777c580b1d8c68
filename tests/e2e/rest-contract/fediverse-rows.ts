import { expect } from "vitest";
import { unique } from "./client.ts";
import type { ContractRow } from "./table.ts";
import type { Answer, Ctx } from "./valid-calls.ts";

/** The desk's "Respuestas del fediverso", the reactions of Estadísticas and admin › Fediverso's deliveries. */
// biome-ignore format: one row per line, like the spec's table
export const FEDIVERSE_ROWS: ContractRow[] = [
  { method: "GET", path: "/api/admin/fediverse-replies", payload: "status, page, pageSize (optional)", read: "items, total, page, pageSize", access: "admin", invalid: { query: "status=lost", field: "status" } },
  { method: "POST", path: "/api/admin/fediverse-replies/{id}/approve", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(80) }, field: "id" } },
  { method: "POST", path: "/api/admin/fediverse-replies/{id}/reject", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(80) }, field: "id" } },
  { method: "GET", path: "/api/admin/fediverse-reactions", payload: "none", read: "items", access: "admin", invalid: { none: "GET without parameters" } },
  { method: "GET", path: "/api/admin/fediverse/deliveries", payload: "status, take, cursor (optional)", read: "rows, counts, nextCursor", access: "admin", invalid: { query: "status=lost", field: "status" } },
  { method: "POST", path: "/api/admin/fediverse/deliveries/{id}/retry", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(65) }, field: "id" } },
  { method: "POST", path: "/api/admin/fediverse/deliveries/{id}/dismiss", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(65) }, field: "id" } },
];

const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

/** A pending reply (as the inbox stores it) to a published article of the test's own. */
async function pendingReply(c: Ctx): Promise<string> {
  const slug = await c.db.insertArticle({ status: "published" });
  const id = `r${unique()}`;
  await c.db.query(
    `INSERT INTO fediverse_replies (id, object_uri, activity_uri, article_id, locale, author_uri, author_handle, author_url, content, published, updated_at)
     SELECT $1, $2, $3, id, 'es', 'https://mastodon.example/users/alice', '@alice@mastodon.example',
            'https://mastodon.example/@alice', '<p>Buen artículo</p>', now(), now() FROM articles WHERE slug = $4`,
    [id, `https://mastodon.example/statuses/${id}`, `https://mastodon.example/activities/${id}`, slug],
  );
  return id;
}

/** A dead delivery of the test's own, as the queue leaves one after its last attempt. */
async function deadDelivery(c: Ctx): Promise<{ id: string; activityId: string }> {
  const id = `cfedi${unique()}`;
  const activityId = `https://contrato.example/ap/articles/es/${id}#published-${unique()}`;
  const inbox = `https://mastodon.example/users/${unique()}/inbox`;
  const message = { type: "outbox", activityId, activityType: "Create", inbox, sharedInbox: false, attempt: 0 };
  await c.db.query(
    `INSERT INTO fediverse_deliveries (id, activity_id, activity_type, inbox, status, attempts, last_error, message)
     VALUES ($1, $2, 'Create', $3, 'dead', 9, '500 Internal Server Error', $4::jsonb)`,
    [id, activityId, inbox, JSON.stringify(message)],
  );
  return { id, activityId };
}

export const FEDIVERSE_VALID_CALLS: Record<string, (c: Ctx) => Promise<Answer>> = {
  "GET /api/admin/fediverse-replies": async (c) => {
    const id = await pendingReply(c);
    const answer = await asJson(await c.admin.call("GET", "/api/admin/fediverse-replies?status=pending&pageSize=200"));
    expect((answer.body as { items: { id: string }[] }).items.map((r) => r.id)).toContain(id);
    return answer;
  },
  "POST /api/admin/fediverse-replies/{id}/approve": async (c) => {
    const id = await pendingReply(c);
    const answer = await asJson(await c.admin.call("POST", `/api/admin/fediverse-replies/${id}/approve`));
    expect(answer.body).toMatchObject({ success: true });
    return answer;
  },
  "POST /api/admin/fediverse-replies/{id}/reject": async (c) => {
    const id = await pendingReply(c);
    const answer = await asJson(await c.admin.call("POST", `/api/admin/fediverse-replies/${id}/reject`));
    expect(answer.body).toMatchObject({ success: true });
    return answer;
  },
  "GET /api/admin/fediverse-reactions": async (c) => {
    await pendingReply(c);
    const answer = await asJson(await c.admin.call("GET", "/api/admin/fediverse-reactions"));
    expect((answer.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    return answer;
  },
  "GET /api/admin/fediverse/deliveries": async (c) => {
    const { id } = await deadDelivery(c);
    const answer = await asJson(await c.admin.call("GET", "/api/admin/fediverse/deliveries?status=dead&take=200"));
    expect((answer.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain(id);
    return answer;
  },
  "POST /api/admin/fediverse/deliveries/{id}/retry": async (c) => {
    const { id, activityId } = await deadDelivery(c);
    const answer = await asJson(await c.admin.call("POST", `/api/admin/fediverse/deliveries/${id}/retry`));
    expect(answer.body).toEqual({ success: true });
    // Its inbox is no real server: the queued run is cancelled, so later files' waits for idle jobs are not held.
    const [run] = await c.db.query<{ id: string }>(
      `SELECT id::text FROM pgboss.job WHERE name = 'fediverse/task' AND data->'message'->>'activityId' = $1`,
      [activityId],
    );
    expect(run).toBeDefined();
    await c.admin.call("POST", `/api/admin/jobs/${run?.id}/cancel`);
    return answer;
  },
  "POST /api/admin/fediverse/deliveries/{id}/dismiss": async (c) => {
    const { id } = await deadDelivery(c);
    const answer = await asJson(await c.admin.call("POST", `/api/admin/fediverse/deliveries/${id}/dismiss`));
    expect(answer.body).toEqual({ success: true });
    expect(await c.db.query("SELECT 1 FROM fediverse_deliveries WHERE id = $1", [id])).toEqual([]);
    return answer;
  },
};
