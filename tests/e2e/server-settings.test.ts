import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { CrashableServer } from "./crash-server.ts";

/**
 * The production server as `npm start` runs it, with settings the shared E2E server does not use: a
 * SITE_URL and no NEXTAUTH_URL, and short client timeouts (configurable, so this stays fast).
 */
const SITE = "https://riesgos-ia.example";
const REQUEST_TIMEOUT_MS = 2000;
const HEADERS_TIMEOUT_MS = 1000;
let server: CrashableServer;

beforeAll(async () => {
  const url = await freshDatabase(inject("databaseUrl"), "settings");
  await migrate(url);
  server = await CrashableServer.create("server-settings", {
    DATABASE_URL: url,
    ADMIN_EMAIL: "settings-admin@riesgos-ia.test",
    ADMIN_PASSWORD: "settings-admin-password",
    DATA_DIR: "test-results/settings-data",
    SITE_URL: SITE,
    NEXTAUTH_URL: undefined, // unset, as on a server configured with SITE_URL alone
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  });
  await server.start();
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * Sends `head` at once, then one byte of `drip` every 200 ms; resolves with what the server answered and
 * when it closed the connection (or gives up after `giveUpMs`).
 */
function trickle(head: string, drip: string, giveUpMs: number) {
  const { port } = new URL(server.baseUrl);
  return new Promise<{ answer: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && i < drip.length) socket.write(drip[i++]!);
    }, 200);
    const done = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closedAfterMs });
    };
    const giveUp = setTimeout(() => done(null), giveUpMs);
    socket.on("connect", () => socket.write(head));
    socket.on("data", (d) => {
      answer += d.toString();
    });
    socket.on("close", () => done(Date.now() - started));
    socket.on("error", () => {});
  });
}

describe("a client sending slowly", () => {
  it("gets 408 and loses the connection once its body takes longer than HTTP_REQUEST_TIMEOUT_MS", async () => {
    const body = JSON.stringify({ name: "Lenta", email: "lenta@example.com", message: "x".repeat(200) });
    const head =
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Origin: ${server.baseUrl}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await trickle(head, body, 15_000);
    expect(closedAfterMs, "the connection was still open after 15 s").not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("gets 408 once its headers take longer than HTTP_HEADERS_TIMEOUT_MS", async () => {
    const { answer, closedAfterMs } = await trickle(
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      "X-Slow: ".repeat(40),
      15_000,
    );
    expect(closedAfterMs, "the connection was still open after 15 s").not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("leaves ordinary requests alone", async () => {
    expect((await fetch(`${server.baseUrl}/api/trpc/health.check`)).status).toBe(200);
  });
});

describe("next-auth on the site's origin", () => {
  it("sends /api/auth/signin and the credentials callback to SITE_URL when NEXTAUTH_URL is unset", async () => {
    const signin = await fetch(`${server.baseUrl}/api/auth/signin`, { redirect: "manual" });
    expect(signin.status).toBe(302);
    const target = new URL(signin.headers.get("location") ?? "", server.baseUrl);
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("callbackUrl")).toBe(SITE);

    const callback = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
      body: "email=nadie%40example.com&password=incorrecta",
    });
    expect(callback.status).toBe(302);
    const location = callback.headers.get("location") ?? "";
    expect(location.startsWith(`${SITE}/`), location).toBe(true);
    expect(location).not.toContain("localhost:3000");
  });
});
