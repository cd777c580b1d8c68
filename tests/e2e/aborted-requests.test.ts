import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "~/platform/db/migrate.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { CrashableServer } from "./crash-server.ts";

/**
 * Clients that go away at every stage of a request, not only in the middle of its body (aborted-bodies.test.ts):
 * after sending a whole body but before the answer, after the answer started, on a keep-alive connection's
 * second request, with pipelined requests and with chunked bodies, on every kind of route (pages, REST, tRPC,
 * the webhook, the analytics hit, multipart). 5,000 aborts and not one uncaught exception in the server's
 * output; it serves on.
 */
const TOTAL = 5000;
const IN_FLIGHT = 25;

type Kind = { name: string; method: string; path: string; type?: string; body?: string };
const KINDS: Kind[] = [
  { name: "page (GET)", method: "GET", path: "/noticias" },
  // Not a form: Next renders the page without reading the body.
  { name: "page (JSON POST)", method: "POST", path: "/noticias", type: "application/json", body: '{"a":1}' },
  { name: "page (text POST)", method: "POST", path: "/contacto", type: "text/plain", body: "hola" },
  {
    name: "page (form POST)",
    method: "POST",
    path: "/noticias",
    type: "application/x-www-form-urlencoded",
    body: "a=b",
  },
  {
    name: "page (multipart POST)",
    method: "POST",
    path: "/contacto",
    type: "multipart/form-data; boundary=x",
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--\r\n",
  },
  {
    name: "REST",
    method: "POST",
    path: "/api/newsletter/subscribe",
    type: "application/json",
    body: '{"email":"aborted@example.com"}',
  },
  {
    name: "admin REST",
    method: "POST",
    path: "/api/admin/articles",
    type: "application/json",
    body: '{"title_es":"x"}',
  },
  { name: "REST (GET)", method: "GET", path: "/api/articles?limit=20" },
  {
    name: "tRPC",
    method: "POST",
    path: "/api/trpc/contact.submit",
    type: "application/json",
    body: '{"json":{"name":"A","email":"a@example.com","message":"Hola","privacy":true}}',
  },
  { name: "webhook", method: "POST", path: "/api/newsletter/webhooks/resend", type: "application/json", body: "{}" },
  { name: "analytics hit", method: "POST", path: "/api/analytics/hit", type: "text/plain", body: '{"path":"/"}' },
];

/** Where in the request's life the client goes away. */
const STAGES = ["whole body", "mid body", "answer started", "keep-alive", "pipelined", "chunked"] as const;
type Stage = (typeof STAGES)[number];

let server: CrashableServer;
beforeAll(async () => {
  const url = await freshDatabase(inject("databaseUrl"), "abortreq");
  await migrate(url);
  server = await CrashableServer.create("aborted-requests", {
    DATABASE_URL: url,
    ADMIN_EMAIL: "aborted-requests@riesgos-ia.test",
    ADMIN_PASSWORD: "aborted-requests-password",
    DATA_DIR: "test-results/aborted-requests-data",
    // Every uncaught exception as a line of its own (Next prints some through a filtered console.error).
    NODE_OPTIONS: `--import ${path.resolve("tests/support/uncaught-watch-preload.mjs")}`,
  });
  await server.start();
}, 600_000);
afterAll(async () => {
  await server?.stop();
});

function request(kind: Kind, port: string, { chunked = false, partial = false, close = false } = {}): string {
  const body = kind.body ?? "";
  const sent = partial ? body.slice(0, Math.ceil(body.length / 2)) : body;
  const head =
    `${kind.method} ${kind.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
    (close ? "Connection: close\r\n" : "") +
    (kind.type ? `Content-Type: ${kind.type}\r\n` : "");
  if (kind.method === "GET") return `${head}\r\n`;
  if (chunked) {
    const chunk = `${Buffer.byteLength(sent).toString(16)}\r\n${sent}\r\n`;
    return `${head}Transfer-Encoding: chunked\r\n\r\n${chunk}${partial ? "" : "0\r\n\r\n"}`;
  }
  return `${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${sent}`;
}

/** One request of `kind` abandoned at `stage`, `n` spreading the moment (0–119 ms) and reset or plain close. */
function abandon(kind: Kind, stage: Stage, n: number): Promise<void> {
  const { port } = new URL(server.baseUrl);
  const reset = n % 2 === 0;
  const delay = (n * 37) % 120;
  return new Promise<void>((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const end = () => (reset ? socket.resetAndDestroy() : socket.destroy());
    const timer = setTimeout(() => socket.destroy(), 15_000);
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on("connect", () => {
      if (stage === "whole body") {
        socket.write(request(kind, port));
        setTimeout(end, delay);
      } else if (stage === "mid body") {
        socket.write(request(kind, port, { partial: kind.method !== "GET" }));
        setTimeout(end, delay);
      } else if (stage === "answer started") {
        socket.write(request(kind, port));
        socket.once("data", () => setTimeout(end, delay % 5));
      } else if (stage === "keep-alive") {
        // The first request answered in full (its headers are enough to know), the second abandoned.
        socket.write(request(KINDS[0] as Kind, port));
        socket.once("data", () => {
          socket.write(request(kind, port, { partial: n % 3 === 0 }));
          setTimeout(end, delay);
        });
      } else if (stage === "pipelined") {
        socket.write(request(kind, port) + request(kind, port, { partial: n % 3 === 0 }));
        setTimeout(end, delay);
      } else {
        socket.write(request(kind, port, { chunked: true, partial: n % 3 === 0 }));
        setTimeout(end, delay);
      }
    });
  });
}

describe("requests abandoned at every stage", () => {
  it(`${TOTAL} aborts over every route kind and stage: no uncaught exception, and the server serves on`, async () => {
    const logged = () => fs.readFileSync(server.logFile, "utf8").split("\n");
    const before = logged().length;
    const cases = Array.from({ length: TOTAL }, (_, n) => ({
      kind: KINDS[n % KINDS.length] as Kind,
      stage: STAGES[Math.floor(n / KINDS.length) % STAGES.length] as Stage,
      n,
    }));
    for (let sent = 0; sent < TOTAL; sent += IN_FLIGHT)
      await Promise.all(cases.slice(sent, sent + IN_FLIGHT).map((c) => abandon(c.kind, c.stage, c.n)));
    await new Promise((r) => setTimeout(r, 3000));
    expect((await fetch(`${server.baseUrl}/api/trpc/health.check`)).status).toBe(200);
    const lines = logged().slice(before).filter(Boolean);
    expect(lines.filter((l) => /uncaught|unhandled/i.test(l)).slice(0, 5)).toEqual([]);
  }, 900_000);
});
