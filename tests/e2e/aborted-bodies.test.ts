import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { CrashableServer } from "./crash-server.ts";

/**
 * Clients that go away in the middle of a request body (a dropped connection, a closed tab): the production
 * server (its own, so its output can be read) logs each at most once, at debug level, and nothing escapes as
 * an uncaught exception; it keeps serving.
 */
const PER_KIND = 1000;
const IN_FLIGHT = 25;
const KINDS = [
  { name: "JSON REST API", path: "/api/newsletter/subscribe", type: "application/json", body: '{"email":"a' },
  { name: "tRPC", path: "/api/trpc/newsletter.subscribe", type: "application/json", body: '{"json":{"email":"' },
  {
    name: "form (next-auth callback)",
    path: "/api/auth/callback/credentials",
    type: "application/x-www-form-urlencoded",
    body: "email=a%40b.c&passw",
  },
  { name: "Resend webhook", path: "/api/newsletter/webhooks/resend", type: "application/json", body: '{"type":"em' },
  // Answered by the launcher's server itself, before Next.js: its own body reader.
  { name: "analytics hit", path: "/api/analytics/hit", type: "text/plain", body: '{"path":"/' },
  { name: "admin REST API", path: "/api/admin/articles", type: "application/json", body: '{"title_es":"' },
  {
    name: "page (multipart)",
    path: "/contacto",
    type: "multipart/form-data; boundary=x",
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb",
  },
  {
    name: "tRPC, chunked",
    path: "/api/trpc/contact.submit",
    type: "application/json",
    body: '{"json":',
    chunked: true,
  },
];

let server: CrashableServer;
beforeAll(async () => {
  const url = await freshDatabase(inject("databaseUrl"), "aborted");
  await migrate(url);
  server = await CrashableServer.create("aborted-bodies", {
    DATABASE_URL: url,
    ADMIN_EMAIL: "aborted-admin@riesgos-ia.test",
    ADMIN_PASSWORD: "aborted-admin-password",
    DATA_DIR: "test-results/aborted-data",
    LOG_LEVEL: "debug",
  });
  await server.start();
}, 600_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * Headers announcing a body of 4 kB (or a chunked one), a first part of it, then a reset (or, every other time,
 * a plain close), after a delay spread over 0–119 ms so that aborts land at every stage of the request's handling.
 */
function abortedBody(kind: (typeof KINDS)[number], n: number) {
  const { path, type, body } = kind;
  const chunked = "chunked" in kind;
  const reset = n % 2 === 0;
  const { port } = new URL(server.baseUrl);
  return new Promise<void>((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.on("error", () => {});
    socket.on("close", () => resolve());
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nOrigin: ${server.baseUrl}\r\n` +
          (chunked
            ? `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n`
            : `Content-Length: 4096\r\n\r\n${body}`),
      );
      setTimeout(() => (reset ? socket.resetAndDestroy() : socket.destroy()), (n * 37) % 120);
    });
  });
}

describe("aborted request bodies", () => {
  it(`${PER_KIND} of each kind: no uncaught exception, at most one debug line each, and the server serves on`, async () => {
    const logged = () => fs.readFileSync(server.logFile, "utf8").split("\n");
    const before = logged().length;
    for (const kind of KINDS) {
      for (let sent = 0; sent < PER_KIND; sent += IN_FLIGHT)
        await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => abortedBody(kind, sent + i)));
    }
    await new Promise((r) => setTimeout(r, 3000));
    expect((await fetch(`${server.baseUrl}/api/trpc/health.check`)).status).toBe(200);

    const lines = logged().slice(before).filter(Boolean);
    expect(lines.filter((l) => /uncaught|unhandled/i.test(l))).toEqual([]);
    const aborted = lines.filter((l) => /abort|ECONNRESET/i.test(l));
    expect(aborted.length).toBeLessThanOrEqual(PER_KIND * KINDS.length);
    const notDebug = aborted.filter(
      (l) => !l.startsWith("{") || (JSON.parse(l) as { level: string }).level !== "debug",
    );
    expect(notDebug.slice(0, 5)).toEqual([]);
  }, 600_000);
});
