import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { Db, RestClient, registerUser, signIn, unique } from "./rest-contract/client.ts";

/**
 * docs/product.md §8: any non-OK response becomes 'status: body text' in the client; these check that such a text is
 * useful for each status the API answers, plus the cache policy and the admin-only view of unpublished
 * articles at GET /api/articles/{slug}.
 */
const baseUrl = inject("baseUrl");
let db: Db;
let admin: RestClient;
let user: RestClient;
const anon = () => new RestClient(baseUrl);

beforeAll(async () => {
  db = await Db.connect(inject("databaseUrl"));
  // Earlier files (the mixed load above all) leave a backlog of mails on the engine: drain it before counting rows.
  await db.jobsIdle(100_000);
  admin = await signIn(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
  ({ client: user } = await registerUser(baseUrl));
});
afterAll(async () => {
  if (!db) return;
  // Leave the shared E2E database as the other files expect it: delete the articles this file made through the
  // API, so the public pages' cached data is invalidated as well (a published one would show on home).
  const made = await db.query<{ slug: string }>("SELECT slug FROM articles WHERE slug LIKE 'contrato-rest-%'");
  for (const { slug } of made) await admin.call("DELETE", `/api/articles/${slug}`);
  await db.close();
});

/** What the spec's generic fetch shows the user: 'status: body text'. */
async function clientText(res: Response) {
  return `${res.status}: ${(await res.text()) || res.statusText}`;
}

describe("errors read well as 'status: body text'", () => {
  it("400 names the field and what is wrong with it", async () => {
    const res = await anon().call("POST", "/api/newsletter/subscribe", { body: { email: "no-es-un-email" } });
    const text = await clientText(res);
    expect(text).toMatch(/^400: \{"error":"email: [^"]+","code":"BAD_REQUEST","field":"email"/);
  });

  it("401 says a session is needed; 403 says the role is missing", async () => {
    expect(await clientText(await anon().call("GET", "/api/agents"))).toBe(
      '401: {"error":"Authentication required","code":"UNAUTHORIZED"}',
    );
    expect(await clientText(await user.call("GET", "/api/agents"))).toBe(
      '403: {"error":"Admin role required","code":"FORBIDDEN"}',
    );
  });

  it("403 for a cross-origin write that carries the session cookie, and nothing is written", async () => {
    const before = await db.countsBefore();
    const res = await admin.call("POST", "/api/agents", {
      body: { name: `Cross ${unique()}` },
      headers: { origin: "https://evil.example" },
    });
    expect(await clientText(res)).toMatch(
      /^403: \{"error":"Forbidden: cross-origin request from https:\/\/evil\.example"/,
    );
    expect(await db.counts()).toEqual(before);
  });

  it("404 for an unknown article, and for a draft unless an admin asks", async () => {
    expect(await clientText(await anon().call("GET", `/api/articles/no-existe-${unique()}`))).toBe(
      '404: {"error":"Article not found","code":"NOT_FOUND"}',
    );
    for (const status of ["draft", "rejected"] as const) {
      const slug = await db.insertArticle({ status });
      expect((await anon().call("GET", `/api/articles/${slug}`)).status).toBe(404);
      expect((await user.call("GET", `/api/articles/${slug}`)).status).toBe(404);
      const asAdmin = await admin.call("GET", `/api/articles/${slug}`);
      expect(asAdmin.status).toBe(200);
      expect(await asAdmin.json()).toMatchObject({ slug, status });
      // Unpublished content is never put in a shared cache.
      expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("409 when the state forbids the change (a published article cannot be rejected)", async () => {
    const slug = await db.insertArticle({ status: "published" });
    const res = await admin.call("PUT", `/api/articles/${slug}`, { body: { status: "rejected" } });
    expect(await clientText(res)).toMatch(/^409: \{"error":"[^"]+","code":"CONFLICT","field":"status"\}$/);
    expect((await db.article(slug))?.status).toBe("published");
  });

  it("429 with Retry-After once the failed sign-ins of an account are spent", async () => {
    const email = `fuerza-bruta-${unique()}@example.com`;
    const client = anon();
    let res: Response | undefined;
    for (let i = 0; i < 8; i++) {
      res = await client.call("POST", "/api/auth/login", { body: { email, password: "incorrecta" } });
      if (res.status === 429) break;
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid email or password", code: "UNAUTHORIZED" });
    }
    expect(res?.status).toBe(429);
    const retryAfter = Number(res?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(await clientText(res as Response)).toBe(
      `429: {"error":"Too many requests: try again in ${retryAfter} seconds","code":"TOO_MANY_REQUESTS"}`,
    );
  });

  it("text PostgreSQL cannot store (a NUL character) is refused as input, never a 500", async () => {
    const before = await db.countsBefore();
    const body = { name: "Ana", email: `nul-${unique()}@example.com`, message: "Hola\u0000mundo", privacy: true };
    const res = await anon().call("POST", "/api/contact", { body });
    const text = await clientText(res);
    expect(text).toMatch(/^400: .*"field":"message"/);
    expect(await db.counts()).toEqual(before);
  });

  it("a body that is not JSON is a 400 in the same shape, not a 415 or 500", async () => {
    const res = await anon().call("POST", "/api/contact", { rawBody: "name=Ana" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });
});

describe("cache policy", () => {
  it("public reads may sit in a shared cache briefly; admin and user answers are never stored", async () => {
    const shared = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
    for (const path of ["/api/articles/status/published", "/api/articles/static"]) {
      expect((await anon().call("GET", path)).headers.get("cache-control"), path).toBe(shared);
    }
    for (const path of ["/api/agents", "/api/articles/status/draft", "/api/admin/newsletters"]) {
      expect((await admin.call("GET", path)).headers.get("cache-control"), path).toBe("no-store");
      expect((await user.call("GET", path)).headers.get("cache-control"), path).toBe("no-store");
    }
    const write = await anon().call("POST", "/api/newsletter/subscribe", {
      body: { email: `cache-${unique()}@example.com` },
    });
    expect(write.headers.get("cache-control")).toBe("no-store");
  });
});
