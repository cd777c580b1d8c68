import { expect } from "vitest";
import { unique } from "./client.ts";
import type { ContractRow } from "./table.ts";
import type { Answer, Ctx } from "./valid-calls.ts";

/**
 * Readers' error reports and the scheduled backups (beyond docs/product.md §7): the public report, the desk's
 * list, dismiss and reply, and the backups' overview. Same walk as the spec's rows.
 */
// biome-ignore format: one row per line, like the spec's table
export const READER_ROWS: ContractRow[] = [
  { method: "POST", path: "/api/reader-reports", payload: "slug, message, source_url, email, locale, website, started_at", read: "success, id", access: "public", invalid: { body: { slug: "articulo-de-prueba", message: "", started_at: 0 }, field: "message" } },
  { method: "GET", path: "/api/admin/reader-reports", payload: "status, page, pageSize (optional)", read: "items, total, page, pageSize", access: "admin", invalid: { query: "status=lost", field: "status" } },
  { method: "POST", path: "/api/admin/reader-reports/{id}/dismiss", payload: "reason", read: "success", access: "admin", invalid: { body: { reason: " " }, field: "reason" } },
  { method: "POST", path: "/api/admin/reader-reports/{id}/reply", payload: "message", read: "success", access: "admin", invalid: { body: { message: "" }, field: "message" } },
  { method: "GET", path: "/api/admin/backups", payload: "locale (optional)", read: "cron, keep, runs, alerts", access: "admin", invalid: { query: "locale=fr", field: "locale" } },
];

const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

/** A report on a published article of the test's own, each from an address of its own (5 an hour per address). */
async function submitReport(c: Ctx): Promise<{ answer: Answer; slug: string }> {
  const slug = await c.db.insertArticle({ status: "published" });
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const body = {
    slug,
    message: `La cifra del segundo párrafo no coincide con la fuente ${unique()}`,
    email: `lector-${unique()}@example.com`,
    started_at: Date.now() - 5_000,
  };
  const res = await c.anon.call("POST", "/api/reader-reports", { body, headers: { "x-forwarded-for": ip } });
  return { answer: await asJson(res), slug };
}

async function reportId(c: Ctx): Promise<string> {
  const { answer } = await submitReport(c);
  expect(answer.res.status).toBe(200);
  return (answer.body as { id: string }).id;
}

export const READER_VALID_CALLS: Record<string, (c: Ctx) => Promise<Answer>> = {
  "POST /api/reader-reports": async (c) => {
    const { answer } = await submitReport(c);
    expect(answer.body).toMatchObject({ success: true, id: expect.any(String) });
    return answer;
  },
  "GET /api/admin/reader-reports": async (c) => {
    const id = await reportId(c);
    const answer = await asJson(await c.admin.call("GET", "/api/admin/reader-reports?status=open&pageSize=100"));
    expect((answer.body as { items: { id: string }[] }).items.map((r) => r.id)).toContain(id);
    return answer;
  },
  "POST /api/admin/reader-reports/{id}/dismiss": async (c) => {
    const id = await reportId(c);
    const path = `/api/admin/reader-reports/${id}/dismiss`;
    const answer = await asJson(await c.admin.call("POST", path, { body: { reason: "La fuente dice lo mismo" } }));
    expect(answer.body).toMatchObject({ success: true });
    return answer;
  },
  "POST /api/admin/reader-reports/{id}/reply": async (c) => {
    const id = await reportId(c);
    const path = `/api/admin/reader-reports/${id}/reply`;
    const answer = await asJson(await c.admin.call("POST", path, { body: { message: "Gracias: lo revisamos." } }));
    expect(answer.body).toMatchObject({ success: true });
    return answer;
  },
  "GET /api/admin/backups": async (c) => {
    const answer = await asJson(await c.admin.call("GET", "/api/admin/backups?locale=en"));
    expect(answer.body).toMatchObject({ runs: expect.any(Array) });
    return answer;
  },
};
