import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildUser } from "../support/builders.ts";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * The launcher's direct answer to the beacon (scripts/hit-fast-path.ts) on a Node HTTP server of its own and a
 * database of its own: it gives the route handler's answers (same handler), adds what Next's proxy and config
 * would (the CSRF rule, the API's CSP, the security headers), and stores what it acknowledged.
 */
const database = await createPrivateDatabase("hitfast");
const { db } = await import("~/platform/db/db.ts");
const hitRoute = await import("~/app/api/analytics/hit/route.ts");
const { flushHits } = await import("~/features/analytics/hit-buffer.ts");
const { createSession } = await import("~/platform/auth/sessions.ts");
const { hitFastPath, isHitRequest } = await import("../../scripts/hit-fast-path.ts");

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const answerHit = hitFastPath(db, { production: true });
const server = http.createServer((req, res) => {
  if (isHitRequest(req)) void answerHit(req, res);
  else res.writeHead(418).end();
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

const HEADERS = { "content-type": "text/plain", "user-agent": CHROME, "x-forwarded-for": "203.0.113.9" };
const direct = (body: string, headers: Record<string, string> = {}, path = "/api/analytics/hit") =>
  fetch(`${base}${path}`, { method: "POST", headers: { ...HEADERS, ...headers }, body });
const viaRoute = (body: string, headers: Record<string, string> = {}) =>
  hitRoute.POST(
    new Request("http://localhost/api/analytics/hit", {
      method: "POST",
      headers: { host: "localhost", ...HEADERS, ...headers },
      body,
    }),
  );
const rows = async (path: string) =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM analytics_hits WHERE path = ${path}`)[0]!.n);

describe("the beacon's hit answered before Next.js", () => {
  it("answers as the route handler does, body for body", async () => {
    await expectAppOn(db, database.name);
    const cases: [string, Record<string, string>][] = [
      [JSON.stringify({ p: "/noticias/igual" }), {}],
      [JSON.stringify({ p: "/noticias/igual" }), { "user-agent": "curl/8.5.0" }],
      [JSON.stringify({ p: "/noticias/igual" }), { purpose: "prefetch" }],
      [JSON.stringify({ p: "/admin" }), {}],
      [JSON.stringify({ p: "sin-barra" }), {}],
      ["{}", {}],
      ["no es json", {}],
      [JSON.stringify({ p: `/${"x".repeat(5000)}` }), {}],
    ];
    for (const [body, headers] of cases) {
      const [a, b] = await Promise.all([direct(body, headers), viaRoute(body, headers)]);
      expect(a.status, body.slice(0, 30)).toBe(b.status);
      expect(await a.text(), body.slice(0, 30)).toBe(await b.text());
      expect(a.headers.get("cache-control")).toBe("no-store");
      expect(a.headers.get("server-timing")).toMatch(/^hit;desc="direct";dur=\d+\.\d\d$/);
      expect(a.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(a.headers.get("strict-transport-security")).toContain("max-age=");
    }
    await flushHits();
    // The reader's hit twice (once each way); the crawler's, the prefetch and the admin page not at all.
    expect(await rows("/noticias/igual")).toBe(2);
    expect(await rows("/admin")).toBe(0);
  });

  it("takes only POSTs to the hit's path, with or without a query", () => {
    const pick = (method: string, url: string) => isHitRequest({ method, url } as http.IncomingMessage);
    expect(pick("POST", "/api/analytics/hit")).toBe(true);
    expect(pick("POST", "/api/analytics/hit?x=1")).toBe(true);
    expect(pick("GET", "/api/analytics/hit")).toBe(false);
    expect(pick("POST", "/api/analytics/hits")).toBe(false);
    expect(pick("POST", "/api/analytics/hit/")).toBe(false);
    expect(pick("POST", "/api/analytics")).toBe(false);
  });

  it("refuses another site's POST that carries a session cookie (the proxy's CSRF rule), storing nothing", async () => {
    const user = await buildUser(db);
    const cookie = `next-auth.session-token=${await createSession(db, user.id)}`;
    const res = await direct(JSON.stringify({ p: "/noticias/csrf" }), { cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
    const same = await direct(JSON.stringify({ p: "/noticias/csrf" }), { cookie, origin: base });
    expect(same.status).toBe(204);
    await flushHits();
    expect(await rows("/noticias/csrf")).toBe(1);
  });
});
