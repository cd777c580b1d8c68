import { expect } from "vitest";
import { unique } from "./client.ts";
import type { ContractRow } from "./table.ts";
import type { Answer, Ctx } from "./valid-calls.ts";

/** Admin › Fediverso, deliveries (beyond docs/product.md §7): the list and the retry of a dead delivery. */
// biome-ignore format: one row per line, like the spec's table
export const FEDIVERSE_ROWS: ContractRow[] = [
  { method: "GET", path: "/api/admin/fediverse/deliveries", payload: "status, take, cursor (optional)", read: "rows, counts, nextCursor", access: "admin", invalid: { query: "status=lost", field: "status" } },
  { method: "POST", path: "/api/admin/fediverse/deliveries/{id}/retry", payload: "none", read: "success", access: "admin", invalid: { params: { id: "x".repeat(65) }, field: "id" } },
];

const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

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
};
