import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { registerUser, unique } from "./rest-contract/client.ts";

/**
 * Login CSRF from a page on another port of the same host: same-site (so SameSite cookies do not help, and
 * cookies ignore ports) but not same-origin. Whatever the page sends, the visitor must not end up signed in.
 */
const baseUrl = inject("baseUrl");
const db = new pg.Client({ connectionString: inject("databaseUrl") });
let browser: Browser;
let attacker: http.Server;
let attackerUrl: string;
let account: { email: string; password: string };
const victimSignup = {
  username: `victima_${unique()}`,
  email: `victima-${unique()}@example.com`,
  password: "clave-123456",
};

/** What the attacker's own server knows: a next-auth CSRF token and its cookie, fetched from the site. */
async function nextAuthCsrfPair() {
  const res = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("next-auth.csrf-token="))!
    .split(";")[0]!;
  return { csrfToken, cookie };
}

function attackerPages(csrf: { csrfToken: string; cookie: string }) {
  const json = (o: unknown) => JSON.stringify(o).replace(/</g, "\\u003c");
  // Simple requests (no preflight): text/plain bodies, credentials included, answers unreadable (opaque).
  const fetches = `<!doctype html><title>working</title><script>
    const post = (path, body) => fetch(${json(baseUrl)} + path, { method: "POST", mode: "no-cors", credentials: "include", body });
    (async () => {
      await post("/api/auth/login", ${json(JSON.stringify({ email: account.email, password: account.password }))});
      await post("/api/auth/register", ${json(JSON.stringify(victimSignup))});
      await post("/api/trpc/auth.login", ${json(JSON.stringify({ json: { email: account.email, password: account.password } }))});
      await post("/api/trpc/auth.register", ${json(JSON.stringify({ json: victimSignup }))});
      await post("/api/trpc/auth.me,auth.login?batch=1", ${json(JSON.stringify({ 0: { json: null }, 1: { json: { email: account.email, password: account.password } } }))});
      document.title = "done";
    })();
  </script>`;
  // next-auth's own credentials callback, with a CSRF pair planted for the site's host (cookies ignore ports).
  const form = `<!doctype html><title>form</title>
    <form method="post" action="${baseUrl}/api/auth/callback/credentials">
      <input name="csrfToken" value="${csrf.csrfToken}"><input name="email" value="${account.email}">
      <input name="password" value="${account.password}"><input name="json" value="true">
    </form>
    <script>document.cookie = ${json(`${csrf.cookie}; path=/`)}; document.forms[0].submit();</script>`;
  return { "/fetches": fetches, "/form": form };
}

const sessionsOf = async (email: string) =>
  Number(
    (
      await db.query("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [
        email,
      ])
    ).rows[0].n,
  );

beforeAll(async () => {
  await db.connect();
  const registered = await registerUser(baseUrl);
  account = { email: registered.email, password: registered.password };
  const pages = attackerPages(await nextAuthCsrfPair());
  attacker = http.createServer((req, res) => {
    const page = pages[req.url as keyof typeof pages];
    res.writeHead(page ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(page ?? "");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  expect(attackerUrl).not.toBe(baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  attacker?.close();
  await db.end();
});

describe("sign-in and sign-up only from the site itself", () => {
  it("a page on another port of 127.0.0.1 cannot sign the visitor in or up (REST, tRPC, next-auth)", async () => {
    const sessionsBefore = await sessionsOf(account.email);
    const context = await browser.newContext();
    const page = await context.newPage();
    const answers: string[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(baseUrl)) answers.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });

    await page.goto(`${attackerUrl}/fetches`);
    await page.waitForFunction(() => document.title === "done");
    await page.goto(`${attackerUrl}/form`);
    await page.waitForURL((url) => url.href.startsWith(baseUrl));
    await page.waitForLoadState();

    const cookies = await context.cookies(baseUrl);
    expect(cookies.map((c) => c.name)).not.toContain("next-auth.session-token");
    await page.goto(`${baseUrl}/`);
    const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
    expect(session.user).toBeUndefined();
    expect(await sessionsOf(account.email)).toBe(sessionsBefore);
    const signedUp = await db.query("SELECT 1 FROM users WHERE email = $1", [victimSignup.email]);
    expect(signedUp.rowCount).toBe(0);
    // The form's navigation shows the refusal (the fetches' answers are opaque to the page and to us).
    expect(answers).toContain("403 /api/auth/callback/credentials");
    await context.close();
  });

  it("the site's own sign-in page still signs in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.fill("#email", account.email);
    await page.fill("#password", account.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${baseUrl}/`);
    const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
    expect(session.user).toMatchObject({ email: account.email });
    await context.close();
  });

  it("refuses sign-in without JSON, or from another origin, with the usual error body", async () => {
    const login = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: "POST",
        headers: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.9`, ...headers },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
    const sameSite = await login({ origin: "http://127.0.0.1:3998", "content-type": "application/json" });
    expect(sameSite.status).toBe(403);
    expect(await sameSite.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(sameSite.headers.getSetCookie()).toEqual([]);
    const noOrigin = await login({ "sec-fetch-site": "same-site", "content-type": "application/json" });
    expect(noOrigin.status).toBe(403);
    const plain = await login({ origin: baseUrl });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    const ok = await login({ origin: baseUrl, "content-type": "application/json" });
    expect(ok.status).toBe(200);
  });

  it("refuses the tRPC sign-in and sign-up (alone or batched) and next-auth's routes from another origin", async () => {
    const sameSite = { origin: "http://127.0.0.1:3998" };
    const jsonPost = (path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { ...sameSite, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const credentials = { email: account.email, password: account.password };
    const signup = { ...victimSignup, email: `otra-${victimSignup.email}`, username: `${victimSignup.username}_t` };
    const csrf = await nextAuthCsrfPair();
    const form = (path: string) =>
      fetch(`${baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...sameSite, cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken: csrf.csrfToken, ...credentials, json: "true" }).toString(),
      });
    const answers = [
      await jsonPost("/api/trpc/auth.login", { json: credentials }),
      await jsonPost("/api/trpc/auth.register", { json: signup }),
      await jsonPost("/api/trpc/auth.me,auth.login?batch=1", { 0: { json: null }, 1: { json: credentials } }),
      await jsonPost("/api/trpc/auth.register?batch=1", { 0: { json: signup } }),
      await form("/api/auth/callback/credentials"),
      await form("/api/auth/signin/credentials"),
    ];
    const statuses = answers.map((res) => `${res.status} ${new URL(res.url).pathname}`);
    expect(statuses).toEqual([
      "403 /api/trpc/auth.login",
      "403 /api/trpc/auth.register",
      "403 /api/trpc/auth.me,auth.login",
      "403 /api/trpc/auth.register",
      "403 /api/auth/callback/credentials",
      "403 /api/auth/signin/credentials",
    ]);
    for (const res of answers) {
      expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await db.query("SELECT 1 FROM users WHERE email = $1", [signup.email])).rowCount).toBe(0);
  });
});
