import { randomBytes } from "node:crypto";
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as docsAsset } from "~/app/api/docs/assets/[file]/route.ts";
import { POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import { hashPassword } from "~/platform/auth/password.ts";
import { db } from "~/platform/db/db.ts";
import { AppError } from "~/platform/errors.ts";
import { csrfRejection } from "~/platform/security/csrf.ts";
import { clientIp, enforceRateLimit, ratePolicy } from "~/platform/security/rate-limit.ts";
import { TRPC_MAX_BATCH_SIZE } from "~/platform/trpc/limits.ts";
import proxy from "~/proxy.ts";
import { handleRest } from "~/server/rest/handler.ts";
import nextConfig from "../../next.config.mjs";
import { buildUser } from "../support/builders.ts";

// Windows of a minute (read when each limiter is first used): long enough that a loaded machine cannot outlast
// one mid-test; the tests end a window by expiring its stored counters (`endWindow`) instead of waiting.
process.env.RATE_LIMIT_LOGIN_IP = "10/60";
process.env.RATE_LIMIT_LOGIN_ACCOUNT = "8/60";
process.env.RATE_LIMIT_LOGIN_ACCOUNT_IP = "5/60";
process.env.RATE_LIMIT_LOGIN_DEVICE = "5/60";
process.env.RATE_LIMIT_CONTACT = "2/60";
process.env.RATE_LIMIT_REGISTER = "3/60";

const uid = () => randomBytes(4).toString("hex");

async function login(email: string, password: string, ip: string, cookie?: string) {
  const res = await handleRest(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password }),
    }),
  );
  const device = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("riesgos.device="))
    ?.split(";")[0];
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json(), device };
}

/** The window of a limit ends, as the clock would end it: its counters in PostgreSQL expire now. */
async function endWindow(name: "login-ip" | "login-account") {
  await db.rateLimit.updateMany({
    where: { key: { startsWith: `${name}:` } },
    data: { expire: BigInt(Date.now() - 1) },
  });
}

async function account() {
  const id = uid();
  const email = `limite.${id}@example.com`;
  const password = `clave-${id}`;
  await buildUser(db, { email, username: `limite_${id}`, passwordHash: await hashPassword(password) });
  return { email, password };
}

describe("rate limits (rate-limiter-flexible on PostgreSQL)", () => {
  it("answers 429 with Retry-After after rapid wrong logins from one IP, and lets the right password in after the window", async () => {
    const { email, password } = await account();
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    // Unknown e-mails, so only the per-IP limit is in play. Sent together: the window is short, and one at a
    // time on a loaded machine they could outlast it.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => login(`nadie.${uid()}@example.com`, "wrong-password", ip)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(10);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    for (const r of limited) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(60);
      expect(r.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    }
    // Still inside the window: even the right password is refused from that IP.
    expect((await login(email, password, ip)).status).toBe(429);
    await endWindow("login-ip");
    expect((await login(email, password, ip)).status).toBe(200);
  });

  it("limits an account per address: a guesser's wrong passwords do not lock its owner out elsewhere", async () => {
    const { email, password } = await account();
    for (let i = 0; i < 5; i++) expect((await login(email, "wrong-password", "203.0.113.7")).status).toBe(401);
    // The guesser's address is spent for this account, even with the right password…
    expect((await login(email, "wrong-password", "203.0.113.7")).status).toBe(429);
    expect((await login(email, password, "203.0.113.7")).status).toBe(429);
    // …while the owner, from their own address, signs in at once.
    expect((await login(email, password, "203.0.113.8")).status).toBe(200);
  });

  it("slows a spread-out attack down for unknown devices, and lets the owner's known device through", async () => {
    const { email, password } = await account();
    const first = await login(email, password, "192.0.2.200");
    expect(first.status).toBe(200);
    expect(first.device).toBeTruthy();
    // Wrong passwords from many addresses until the account's short window is spent.
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(email, "wrong-password", `192.0.2.${i}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBe(ratePolicy("login-account").points);
    // A browser that never signed in here waits a few seconds (a slow-down, not a lock-out)…
    const stranger = await login(email, password, "192.0.2.201");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeLessThanOrEqual(60);
    // …the owner's known device does not.
    expect((await login(email, password, "192.0.2.202", first.device)).status).toBe(200);
    // A device cookie of another account, or a forged one, is just an unknown device.
    const other = await account();
    const otherDevice = (await login(other.email, other.password, "192.0.2.203")).device!;
    expect((await login(email, password, "192.0.2.204", otherDevice)).status).toBe(429);
    expect((await login(email, password, "192.0.2.205", `${first.device!.slice(0, -3)}abc`)).status).toBe(429);
    await endWindow("login-account");
    expect((await login(email, password, "192.0.2.206")).status).toBe(200);
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

  it("reads the client address the server process wrote into X-Forwarded-For, and no other header", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.6" }))).toBe("unknown");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});

/** One tRPC request carrying `n` auth.login calls, as the batch link would send it. */
async function batchedLogins(n: number, email: string, ip: string) {
  const paths = Array.from({ length: n }, () => "auth.login").join(",");
  const body = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [String(i), { json: { email, password: `guess-${i}` } }]),
  );
  const res = await trpcPost(
    new NextRequest(`http://localhost/api/trpc/${paths}?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

/** 401 means the password was checked; 429 means it was refused before any check. */
const checked = (statuses: number[]) => statuses.filter((s) => s === 401).length;

describe("brute force by batching or bursts", () => {
  it("refuses a tRPC batch larger than the limit before running any call", async () => {
    const { email } = await account();
    const res = await batchedLogins(30, email, "198.18.0.1");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Batch call exceeds maximum size/);
  });

  it("checks at most the allowed number of passwords in one batch", async () => {
    const { email } = await account();
    const res = await batchedLogins(TRPC_MAX_BATCH_SIZE, email, `198.18.1.${Math.floor(Math.random() * 250)}`);
    const codes = (res.body as { error?: { json: { data: { httpStatus: number } } } }[]).map(
      (r) => r.error?.json.data.httpStatus ?? 200,
    );
    expect(codes).toHaveLength(TRPC_MAX_BATCH_SIZE);
    expect(checked(codes)).toBeLessThanOrEqual(ratePolicy("login-account").points);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it("checks at most the per-account allowance in a parallel burst from many addresses", async () => {
    const { email } = await account();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(email, `guess-${i}`, `198.18.2.${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(checked(statuses)).toBeLessThanOrEqual(ratePolicy("login-account").points);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - ratePolicy("login-account").points);
  });
});

describe("account enumeration through registration", () => {
  it("says an e-mail is taken only a few times per address, then answers 429 without looking", async () => {
    const { email } = await account();
    const ip = `198.18.9.${Math.floor(Math.random() * 250)}`;
    const register = async (n: number) => {
      const res = await handleRest(
        new Request("http://localhost/api/auth/register", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify({ username: `sondeo_${uid()}${n}`, email, password: "clave-123" }),
        }),
      );
      return { status: res.status, body: (await res.json()) as { field?: string } };
    };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await register(i));
    expect(answers.slice(0, 3).map((a) => [a.status, a.body.field])).toEqual(Array(3).fill([409, "email"]));
    for (const a of answers.slice(3)) {
      expect(a.status).toBe(429);
      expect(a.body.field).toBeUndefined();
    }
  });
});

describe("API docs assets", () => {
  it("serves only its four files: prototype names are 404", async () => {
    const params = (file: string) => ({ params: Promise.resolve({ file }) });
    for (const file of ["__proto__", "constructor", "hasOwnProperty", "valueOf"])
      expect((await docsAsset(new Request("http://localhost/"), params(file))).status, file).toBe(404);
    expect((await docsAsset(new Request("http://localhost/"), params("init.js"))).status).toBe(200);
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

  it("refuses sign-in and sign-up from anywhere but the site itself, with or without a session cookie", () => {
    const signIn = (path: string, headers: Record<string, string>) =>
      csrfRejection({
        method: "POST",
        url: `http://riesgos.example${path}`,
        headers: new Headers({ host: "riesgos.example", ...headers }),
      });
    const paths = [
      "/api/auth/login",
      "/api/auth/register",
      "/api/auth/callback/credentials",
      "/api/auth/signin/credentials",
      "/api/auth/%63allback/credentials",
      "//api/auth//login",
      "/api/trpc/auth.login",
      "/api/trpc/auth.me,auth.register",
    ];
    for (const path of paths) {
      // Same site, another port: not the site's origin.
      expect(signIn(path, { origin: "http://riesgos.example:3998" }), path).toMatch(/cross-origin/);
      expect(signIn(path, { origin: "null" }), path).toMatch(/opaque/);
      for (const site of ["same-site", "cross-site", "none"])
        expect(signIn(path, { "sec-fetch-site": site }), `${path} ${site}`).toMatch(/Sec-Fetch-Site/);
      expect(signIn(path, { origin: "http://riesgos.example" }), path).toBeNull();
      expect(signIn(path, { "sec-fetch-site": "same-origin" }), path).toBeNull();
      // Neither header: not a browser, so no visitor's cookie jar is at stake (scripts, the REST contract).
      expect(signIn(path, {}), path).toBeNull();
    }
    // Other cookie-less writes stay open to any origin (the newsletter form is public, for one).
    expect(signIn("/api/newsletter/subscribe", { origin: "http://riesgos.example:3998" })).toBeNull();
  });

  it("takes only JSON on the sign-in and sign-up that take JSON", async () => {
    const call = (path: string, type?: string) =>
      proxy(
        new NextRequest(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { origin: "http://localhost:3000", ...(type ? { "content-type": type } : {}) },
          body: "{}",
        }),
      );
    const paths = [
      "/api/auth/login",
      "/api/auth/register",
      "/api/trpc/auth.login",
      "/api/trpc/auth.register",
      "/api/trpc/auth.me,auth.register?batch=1",
    ];
    for (const path of paths) {
      for (const type of [undefined, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"]) {
        const res = await call(path, type);
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(await res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
      }
      expect((await call(path, "application/json; charset=utf-8")).status, path).toBe(200);
    }
    // next-auth's credentials callback takes a form.
    expect((await call("/api/auth/callback/credentials", "application/x-www-form-urlencoded")).status).toBe(200);
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
  it("gives pages rendered per request a nonce CSP (no unsafe-eval outside development) and passes the nonce to rendering", async () => {
    const first = await proxy(new NextRequest("http://localhost:3000/login"));
    const second = await proxy(new NextRequest("http://localhost:3000/login"));
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

  it("keeps the locale rules: Spanish at /, Accept-Language never redirects, NEXT_LOCALE only at the root", async () => {
    const english = await proxy(new NextRequest("http://localhost:3000/", { headers: { "accept-language": "en" } }));
    expect(english.status).toBe(200);
    expect(english.headers.get("x-middleware-rewrite")).toContain("/es");
    // The reader's remembered choice (the toggle's cookie) takes the bare root to its language…
    const chosen = await proxy(
      new NextRequest("http://localhost:3000/?x=1", { headers: { cookie: "NEXT_LOCALE=en" } }),
    );
    expect(chosen.status).toBe(307);
    expect(chosen.headers.get("location")).toBe("http://localhost:3000/en?x=1");
    expect(chosen.headers.get("cache-control")).toBe("private, no-store");
    // …but a deep link keeps its URL's language, and a remembered Spanish or a bogus value changes nothing.
    const kept: [string, string][] = [
      ["/noticias", "NEXT_LOCALE=en"],
      ["/", "NEXT_LOCALE=es"],
      ["/", "NEXT_LOCALE=fr"],
    ];
    for (const [path, cookie] of kept) {
      const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { cookie } }));
      expect(res.status, `${path} ${cookie}`).toBe(200);
      expect(res.headers.get("location"), `${path} ${cookie}`).toBeNull();
      expect(res.headers.get("x-middleware-rewrite"), `${path} ${cookie}`).toContain("/es");
    }
  });

  it("sends the static security headers on every path", async () => {
    const rules = await nextConfig(PHASE_PRODUCTION_BUILD).headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const names = all.headers.map((h) => h.key.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"]),
    );
  });
});
