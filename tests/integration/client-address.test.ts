import { type ChildProcessByStdio, spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";

const preload = path.resolve("scripts/server-preload.mjs");
// A bare Node HTTP server with the same preload the launcher gives `next start`; it echoes what the app would see.
const echoServer = `
  const http = require("node:http");
  const s = http.createServer((req, res) => res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"], host: req.headers["x-forwarded-host"] ?? null })));
  s.listen(0, "127.0.0.1", () => console.log(s.address().port));
`;

const children: ChildProcessByStdio<null, Readable, null>[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

async function startEcho(hops: string | undefined): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    PATH: process.env.PATH ?? "",
    ...(hops === undefined ? {} : { TRUSTED_PROXY_HOPS: hops }),
  };
  const child = spawn(process.execPath, ["--import", preload, "-e", echoServer], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const port = await new Promise<string>((resolve) =>
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
  );
  return `http://127.0.0.1:${port}/`;
}

const seen = async (url: string, headers: Record<string, string> = {}) =>
  (await (await fetch(url, { headers })).json()) as { xff: string; host: string | null };

describe("trusted client address", () => {
  it("with no proxy configured (bare npm start), ignores X-Forwarded-For from clients and uses the socket peer", async () => {
    const url = await startEcho(undefined);
    expect((await seen(url, { "x-forwarded-for": "203.0.113.9" })).xff).toBe("127.0.0.1");
    expect((await seen(url, { "x-forwarded-for": "1.1.1.1, 203.0.113.9" })).xff).toBe("127.0.0.1");
    expect((await seen(url)).xff).toBe("127.0.0.1");
    expect((await seen(url, { "x-forwarded-host": "evil.example" })).host).toBeNull();
  });

  it("behind one trusted proxy, takes the entry that proxy wrote and nothing a client put before it", async () => {
    const url = await startEcho("1");
    // nginx overwrites the header with $remote_addr: one entry, the client's.
    expect((await seen(url, { "x-forwarded-for": "203.0.113.9" })).xff).toBe("203.0.113.9");
    // A proxy that appends: a forged left part is skipped.
    expect((await seen(url, { "x-forwarded-for": "6.6.6.6, 203.0.113.9" })).xff).toBe("203.0.113.9");
    // A request that did not go through the proxy has only the socket peer.
    expect((await seen(url)).xff).toBe("127.0.0.1");
  });

  it("stops start-up with one line for a malformed TRUSTED_PROXY_HOPS", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: "/tmp",
        DATA_DIR: path.join(os.tmpdir(), "riesgos-env-test"),
        TRUSTED_PROXY_HOPS: "abc",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^Invalid environment configuration — TRUSTED_PROXY_HOPS: /);
  });
});
