import { expect } from "vitest";
import { unique } from "./client.ts";
import type { ContractRow } from "./table.ts";
import type { Answer, Ctx } from "./valid-calls.ts";

/** The desk's "Respuestas del fediverso" and the reactions of Estadísticas. Same walk as the spec's rows. */
// biome-ignore format: one row per line, like the spec's table
export const FEDIVERSE_ROWS: ContractRow[] = [
  { method: "GET", path: "/api/admin/fediverse-replies", payload: "status, page, pageSize (optional)", read: "items, total, page, pageSize", access: "admin", invalid: { query: "status=lost", field: "status" } },
  { method: "POST", path: "/api/admin/fediverse-replies/{id}/approve", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(80) }, field: "id" } },
  { method: "POST", path: "/api/admin/fediverse-replies/{id}/reject", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(80) }, field: "id" } },
  { method: "GET", path: "/api/admin/fediverse-reactions", payload: "none", read: "items", access: "admin", invalid: { none: "GET without parameters" } },
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
};
