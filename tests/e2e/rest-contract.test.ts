import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { Db, fillPath, RestClient, registerUser, signIn } from "./rest-contract/client.ts";
import { type OpenApiDoc, ResponseValidator } from "./rest-contract/schema.ts";
import { CONTRACT_TABLE, type ContractRow, rowKey, SPEC_TABLE } from "./rest-contract/table.ts";
import { type Ctx, VALID_CALLS } from "./rest-contract/valid-calls.ts";

/**
 * docs/product.md §7 contract, walked row by row against the running production server and its real PostgreSQL:
 * the tests are derived from the table (tests/e2e/rest-contract/table.ts), so a row without a valid call,
 * or an operation in /api/openapi.json without a row, fails the suite.
 */
const baseUrl = inject("baseUrl");
const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const SAMPLE_PARAMS = {
  slug: "cualquier-articulo",
  id: "clcualquierid0000000000",
  email: encodeURIComponent("x@example.com"),
};

let ctx: Ctx;
let validator: ResponseValidator;

beforeAll(async () => {
  const db = await Db.connect(inject("databaseUrl"));
  // Earlier files (the mixed load above all) leave a backlog of mails on the engine: drain it before counting rows.
  await db.jobsIdle(100_000);
  const admin = await signIn(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
  const { client: user } = await registerUser(baseUrl);
  ctx = { baseUrl, admin, user, anon: new RestClient(baseUrl), db };
  validator = new ResponseValidator((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDoc);
});
afterAll(async () => {
  if (!ctx) return;
  // Leave the shared E2E database as the other suites expect it: delete the articles this suite made
  // through the API, so the public pages' cached data is invalidated as well.
  const made = await ctx.db.query<{ slug: string }>("SELECT slug FROM articles WHERE slug LIKE 'contrato-rest-%'");
  for (const { slug } of made) await ctx.admin.call("DELETE", `/api/articles/${slug}`);
  await ctx.db.close();
});

const label = (row: ContractRow) => rowKey(row);
const invalidRows = CONTRACT_TABLE.filter((r) => "field" in r.invalid);
const noInputRows = CONTRACT_TABLE.filter((r) => "none" in r.invalid);
const bodyIgnoringRows = CONTRACT_TABLE.filter((r) => "ignoresBody" in r.invalid);
const adminRows = CONTRACT_TABLE.filter((r) => r.access === "admin");

describe("the docs/product.md §7 table and the OpenAPI document agree", () => {
  // docs/product.md §7's 33 calls, plus the operators' jobs view (GET /api/admin/jobs, retry, cancel).
  it("keeps all 36 rows of the spec, each once", () => {
    expect(SPEC_TABLE).toHaveLength(36);
    expect(new Set(SPEC_TABLE.map(rowKey)).size).toBe(36);
  });

  it("has a valid call for every row, and no call for a row that is not in the table", () => {
    expect(Object.keys(VALID_CALLS).sort()).toEqual(CONTRACT_TABLE.map(rowKey).sort());
  });

  it("maps every operation of /api/openapi.json to a row, and every row to an operation with the row's access", () => {
    // Beyond CONTRACT_TABLE the document also describes the routes the e-mails link to: RFC 8058 one-click
    // unsubscribe and the newsletter's click redirect.
    const beyondContract = [
      "GET /api/newsletter/one-click",
      "POST /api/newsletter/one-click",
      "GET /api/newsletter/click/{id}/{index}",
    ];
    const documented = Object.entries(validator.doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} /api${path}`))
      .filter((op) => !beyondContract.includes(op));
    expect(documented.sort()).toEqual(CONTRACT_TABLE.map(rowKey).sort());
    for (const row of CONTRACT_TABLE)
      expect(validator.operation(row.method, row.path)?.["x-access"], label(row)).toBe(row.access);
  });

  it.each(noInputRows.map((r) => [label(r), r] as const))(
    "%s takes no input at all (nothing to send invalid)",
    (_, row) => {
      const op = validator.operation(row.method, row.path);
      expect(op?.parameters ?? []).toEqual([]);
      expect(op?.requestBody).toBeUndefined();
    },
  );
});

// Refused calls run first, before the valid calls below start background jobs that write on their own.
describe("an invalid payload answers 400 naming the field and writes nothing", () => {
  it.each(invalidRows.map((r) => [label(r), r] as const))("%s", async (_, row) => {
    if (!("field" in row.invalid)) throw new Error("filtered above");
    const bad = row.invalid;
    const client = row.access === "admin" ? ctx.admin : ctx.anon;
    const path = fillPath(row.path, { ...SAMPLE_PARAMS, ...bad.params }) + (bad.query ? `?${bad.query}` : "");
    const before = await ctx.db.countsBefore();
    const res = await client.call(row.method, path, { body: bad.body, rawBody: bad.rawBody });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text) as { error: string; code: string; field?: string; issues?: unknown[] };
    expect(body.error).toEqual(expect.any(String));
    if (bad.field) {
      expect(body).toMatchObject({ code: "BAD_REQUEST", field: bad.field });
      expect(body.error).toContain(bad.field);
      expect(body.issues?.length).toBeGreaterThan(0);
    }
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(validator.errors(row.method, row.path, 400, body)).toBeNull();
    expect(await ctx.db.counts()).toEqual(before);
  });
});

describe("calls that ignore what is sent", () => {
  it.each(bodyIgnoringRows.map((r) => [label(r), r] as const))(
    "%s answers 200 to a body that is not JSON",
    async (_, row) => {
      const before = await ctx.db.countsBefore();
      const res = await ctx.anon.call(row.method, fillPath(row.path, SAMPLE_PARAMS), { rawBody: "{not json" });
      expect(res.status).toBe(200);
      expect(validator.errors(row.method, row.path, 200, await res.json())).toBeNull();
      expect(await ctx.db.counts()).toEqual(before);
    },
  );
});

describe("admin calls: 401 signed out, 403 for a signed-in non-admin, nothing written", () => {
  it.each(adminRows.map((r) => [label(r), r] as const))("%s", async (_, row) => {
    const path = fillPath(row.path, SAMPLE_PARAMS);
    const body = ["POST", "PUT"].includes(row.method) ? {} : undefined;
    const before = await ctx.db.countsBefore();
    const anonymous = await ctx.anon.call(row.method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "UNAUTHORIZED", error: expect.any(String) });
    const user = await ctx.user.call(row.method, path, { body });
    expect(user.status).toBe(403);
    const refused = await user.json();
    expect(refused).toMatchObject({ code: "FORBIDDEN", error: expect.any(String) });
    expect(validator.errors(row.method, row.path, 403, refused)).toBeNull();
    expect(await ctx.db.counts()).toEqual(before);
  });
});

describe("a valid call is accepted with the documented response", () => {
  it.each(CONTRACT_TABLE.map((r) => [label(r), r] as const))("%s", async (_, row) => {
    const call = VALID_CALLS[rowKey(row)];
    if (!call) throw new Error(`docs/product.md §7 row without a test: ${rowKey(row)}`);
    const { res, body, type } = await call(ctx);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(validator.errors(row.method, row.path, 200, body, type)).toBeNull();
    const sharedCache = row.access === "public" && row.method === "GET";
    expect(res.headers.get("cache-control")).toBe(sharedCache ? PUBLIC_CACHE : "no-store");
  });
});
