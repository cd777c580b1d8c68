import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import proxy from "~/proxy.ts";
import { hashPassword } from "~/server/auth/password.ts";
import { db } from "~/server/db.ts";
import { AppError } from "~/server/errors.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { csrfRejection } from "~/server/security/csrf.ts";
import { clientIp, enforceRateLimit } from "~/server/security/rate-limit.ts";
import nextConfig from "../../next.config.mjs";

// Short windows so the test can wait one out (read when each limiter is first used).
process.env.RATE_LIMIT_LOGIN_IP = "10/3";
process.env.RATE_LIMIT_LOGIN_ACCOUNT = "5/3";
process.env.RATE_LIMIT_CONTACT = "2/60";

const uid = () => randomBytes(4).toString("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(email: string, password: string, ip: string) {
  const res = await handleRest(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

async function account() {
  const id = uid();
  const email = `limite.${id}@example.com`;
  const password = `clave-${id}`;
  await db.user.create({ data: { email, username: `limite_${id}`, passwordHash: await hashPassword(password) } });
  return { email, password };
}

describe("rate limits (rate-limiter-flexible on PostgreSQL)", () => {
  it("answers 429 with Retry-After after rapid wrong logins from one IP, and lets the right password in after the window", async () => {
    const { email, password } = await account();
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const results = [];
    // Unknown e-mails, so only the per-IP limit is in play.
    for (let i = 0; i < 20; i++) results.push(await login(`nadie.${uid()}@example.com`, "wrong-password", ip));
    expect(results.slice(0, 10).every((r) => r.status === 401)).toBe(true);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    for (const r of limited) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(3);
      expect(r.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    }
    // Still inside the window: even the right password is refused from that IP.
    expect((await login(email, password, ip)).status).toBe(429);
    await sleep(3200);
    expect((await login(email, password, ip)).status).toBe(200);
  });

  it("limits wrong passwords per account across IPs, and a success clears the account's counter", async () => {
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) expect((await login(email, "wrong-password", `203.0.113.${i}`)).status).toBe(401);
    const blocked = await login(email, password, "203.0.113.99");
    expect(blocked.status).toBe(429);
    await sleep(3200);
    expect((await login(email, password, "203.0.113.100")).status).toBe(200);
    // The success reset the counter: four more failures do not block the account.
    for (let i = 0; i < 4; i++) await login(email, "wrong-password", `203.0.113.${110 + i}`);
    expect((await login(email, password, "203.0.113.120")).status).toBe(200);
  });

  it("throws a 429 AppError from enforceRateLimit once a window's allowance is spent, keeping counts in PostgreSQL", async () => {
    const key = `192.0.2.${Math.floor(Math.random() * 250)}-${uid()}`;
    await enforceRateLimit("contact", key);
    await enforceRateLimit("contact", key);
    const err = await enforceRateLimit("contact", key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_MANY_REQUESTS");
    expect((err as AppError).retryAfter).toBeGreaterThan(50);
    // Stored in the shared table (hashed key), so every app instance sees the same count.
    const rows = await db.rateLimit.findMany({ where: { key: { startsWith: "contact:" } } });
    expect(rows.some((r) => r.points === 3)).toBe(true);
    expect(rows.every((r) => !r.key.includes(key))).toBe(true);
  });

  it("takes the client IP from the right-most X-Forwarded-For entry (the one a client cannot forge)", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.6" }))).toBe("203.0.113.6");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});

describe("CSRF: Origin check on cookie-authenticated writes", () => {
  const cookie = "next-auth.session-token=abc";
  const check = (method: string, headers: Record<string, string>) =>
    csrfRejection({ method, headers: new Headers({ host: "riesgos.example", ...headers }) });

  it("refuses a write with our session cookie from another origin", () => {
    expect(check("POST", { cookie, origin: "https://evil.example" })).toMatch(/cross-origin/);
    expect(check("DELETE", { cookie, origin: "null" })).toMatch(/opaque/);
    expect(check("PUT", { cookie, "sec-fetch-site": "cross-site" })).toMatch(/cross-site/);
  });

  it("lets same-origin writes, reads, cookie-less calls and non-browser clients through", () => {
    expect(check("POST", { cookie, origin: "https://riesgos.example" })).toBeNull();
    expect(check("GET", { cookie, origin: "https://evil.example" })).toBeNull();
    expect(check("POST", { origin: "https://evil.example" })).toBeNull();
    expect(check("POST", { cookie })).toBeNull();
  });

  it("is enforced by the proxy on /api routes with a JSON 403", async () => {
    const req = new NextRequest("http://localhost:3000/api/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    const res = await proxy(req);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
    const ok = await proxy(
      new NextRequest("http://localhost:3000/api/auth/logout", {
        method: "POST",
        headers: { cookie, origin: "http://localhost:3000" },
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("security headers", () => {
  it("gives pages a nonce CSP (no unsafe-eval outside development) and passes the nonce to rendering", async () => {
    const first = await proxy(new NextRequest("http://localhost:3000/noticias"));
    const second = await proxy(new NextRequest("http://localhost:3000/noticias"));
    const csp = first.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // Next reads the request's CSP header while rendering to stamp the nonce on its scripts.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("keeps the locale rules: Spanish at /, Accept-Language and NEXT_LOCALE never redirect", async () => {
    const english = await proxy(new NextRequest("http://localhost:3000/", { headers: { "accept-language": "en" } }));
    expect(english.status).toBe(200);
    expect(english.headers.get("x-middleware-rewrite")).toContain("/es");
    // The URL alone decides the language: the remembered choice only serves the toggle and e-mails.
    const chosen = await proxy(new NextRequest("http://localhost:3000/", { headers: { cookie: "NEXT_LOCALE=en" } }));
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get("location")).toBeNull();
    expect(chosen.headers.get("x-middleware-rewrite")).toContain("/es");
  });

  it("sends the static security headers on every path", async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const names = all.headers.map((h) => h.key.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"]),
    );
  });
});
