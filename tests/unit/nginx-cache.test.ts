import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeNginxConf } from "../../bench/lib/servers.ts";
import {
  PUBLIC_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_VARY,
  sharedCacheable,
} from "../../src/platform/request-edge/cache-headers.js";

/**
 * The documented shared cache (bench/nginx.conf.template) in front of a loopback upstream that answers like
 * the app does: Cache-Control from the app's own rule (src/platform/request-edge/cache-headers.js), a CSP with a
 * fresh nonce per response and next-intl's NEXT_LOCALE cookie. Checks that nginx accepts the file
 * (`nginx -t`) and that it caches what the app calls public and nothing else.
 */
const NEXT_PAGE_VARY =
  "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
let upstream: http.Server;
let nginx: ChildProcess;
let prefix: string;
let confFile: string;
let base: string;
const hits = new Map<string, number>();
/** The Host header each path reached the app with. */
const hostSeen = new Map<string, string | undefined>();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = req.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    hostSeen.set(url, req.headers.host);
    const nonce = Math.random().toString(36).slice(2);
    const cookies = ["NEXT_LOCALE=es; Path=/; Expires=Sun, 21 Nov 2027 12:29:21 GMT; Max-Age=31536000; SameSite=lax"];
    if (url.startsWith("/sets-other-cookie")) cookies.push("tracker=1; Path=/");
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const cookieNames = new Set((req.headers.cookie ?? "").split(/;\s*/).map((c) => c.split("=")[0]));
    const pathname = new URL(url, "http://x").pathname;
    const cacheable =
      sharedCacheable({ method: req.method ?? "GET", pathname, hasCookie: (n) => cookieNames.has(n) }) &&
      !url.startsWith("/app-says-private");
    res.writeHead(url.startsWith("/missing") ? 404 : 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": url.startsWith("/short-lived")
        ? "public, s-maxage=1, stale-while-revalidate=300"
        : cacheable
          ? PUBLIC_PAGE_CACHE_CONTROL
          : "private, no-cache, no-store, max-age=0, must-revalidate",
      // Like Next: the proxy's Vary on redirects, Next's own (router headers + Accept-Encoding) on pages.
      vary: url.startsWith("/redirect") ? PUBLIC_PAGE_VARY : NEXT_PAGE_VARY,
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      "content-security-policy": `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      "set-cookie": url.startsWith("/sets-other-cookie") ? cookies.reverse() : cookies,
    });
    const body = `<script nonce="${nonce}"></script>${url}`;
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamPort = (upstream.address() as AddressInfo).port;
  const [staticPort, cachePort] = [await freePort(), await freePort()];
  prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-cache-test-"));
  fs.chmodSync(prefix, 0o755); // nginx workers may run as another user (master started as root)
  fs.mkdirSync(path.join(prefix, "static"));
  fs.writeFileSync(path.join(prefix, "static", "index.html"), "static");
  confFile = writeNginxConf(prefix, { staticRoot: path.join(prefix, "static"), staticPort, cachePort, upstreamPort });
  nginx = spawn("nginx", ["-p", prefix, "-c", confFile, "-g", "daemon off;"], { stdio: "ignore" });
  base = `http://127.0.0.1:${cachePort}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${staticPort}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("nginx did not start");
});

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
});

async function twice(pathname: string, headers: Record<string, string> = {}) {
  const first = await fetch(`${base}${pathname}`, { headers });
  const firstBody = await first.text();
  const second = await fetch(`${base}${pathname}`, { headers });
  const secondBody = await second.text();
  return { first, second, firstBody, secondBody, upstreamHits: hits.get(pathname) ?? 0 };
}

describe("bench/nginx.conf.template (shared cache in front of the app)", () => {
  it("passes nginx -t with its placeholders filled in", () => {
    const r = spawnSync("nginx", ["-t", "-p", prefix, "-c", confFile], { encoding: "utf8" });
    expect(r.stderr).toContain("syntax is ok");
    expect(r.status).toBe(0);
  });

  it("caches an anonymous public page the app marks public, with its own nonce header and body together", async () => {
    const r = await twice("/noticias/some-article");
    expect(r.first.headers.get("x-cache-status")).toBe("MISS");
    expect(r.second.headers.get("x-cache-status")).toBe("HIT");
    expect(r.upstreamHits).toBe(1);
    expect(r.secondBody).toBe(r.firstBody);
    const nonce = r.second.headers.get("content-security-policy")?.match(/nonce-([a-z0-9]+)/)?.[1];
    expect(nonce && r.secondBody.includes(`nonce="${nonce}"`)).toBe(true);
    expect(r.second.headers.get("set-cookie")).toMatch(/^NEXT_LOCALE=es;/);
  });

  it("passes the Host the browser sent, port included: the app's same-origin check compares it with Origin", async () => {
    const port = new URL(base).port;
    await fetch(`${base}/host-echo`, { method: "POST", headers: { origin: base } });
    expect(hostSeen.get("/host-echo")).toBe(`127.0.0.1:${port}`);
  });

  it("keys by language cookie: another NEXT_LOCALE is another entry", async () => {
    await twice("/keyed");
    const other = await fetch(`${base}/keyed`, { headers: { cookie: "NEXT_LOCALE=en" } });
    expect(other.headers.get("x-cache-status")).toBe("MISS");
    expect(hits.get("/keyed")).toBe(2);
  });

  it("keeps a compressed and a plain copy apart (Vary: Accept-Encoding)", async () => {
    const gzip = { "accept-encoding": "gzip" };
    const plain = { "accept-encoding": "identity" };
    await twice("/encodings", gzip);
    const r = await fetch(`${base}/encodings`, { headers: plain });
    expect(r.headers.get("x-cache-status")).toBe("MISS");
    expect(r.headers.get("content-encoding")).toBeNull();
    expect(await r.text()).toContain("/encodings");
    const again = await fetch(`${base}/encodings`, { headers: gzip });
    expect(again.headers.get("x-cache-status")).toBe("HIT");
    expect(again.headers.get("content-encoding")).toBe("gzip");
  });

  it("follows the app: a page it marks `private, no-store` is not stored", async () => {
    const r = await twice("/app-says-private");
    expect(r.upstreamHits).toBe(2);
  });

  it("takes the lifetime from the app's s-maxage and serves stale while refreshing in the background", async () => {
    await twice("/short-lived");
    await new Promise((r) => setTimeout(r, 2200)); // nginx counts lifetimes in whole seconds
    const stale = await fetch(`${base}/short-lived`);
    await stale.text();
    expect(stale.headers.get("x-cache-status")).toBe("STALE");
    await new Promise((r) => setTimeout(r, 200));
    expect(hits.get("/short-lived")).toBe(2); // the background refresh
  });

  it("caches a 404 too", async () => {
    const r = await twice("/missing-page");
    expect(r.second.status).toBe(404);
    expect(r.second.headers.get("x-cache-status")).toBe("HIT");
  });

  it("never serves or stores pages for signed-in visitors", async () => {
    const session = { cookie: "NEXT_LOCALE=es; __Secure-next-auth.session-token=abc" };
    const r = await twice("/signed-in", session);
    expect(r.upstreamHits).toBe(2);
    expect(r.second.headers.get("x-cache-status")).toBe("BYPASS");
    // A signed-in visit does not fill the cache for anonymous readers either.
    const anonymous = await fetch(`${base}/signed-in`, { headers: { cookie: "NEXT_LOCALE=es" } });
    expect(anonymous.headers.get("x-cache-status")).toBe("MISS");
  });

  it("never caches the API, the admin panel, login/register, token pages or RSC navigation requests", async () => {
    for (const pathname of [
      "/api/trpc/auth.me",
      "/admin",
      "/en/admin/agentes",
      "/login",
      "/en/register",
      "/unsubscribe?token=x",
      "/newsletter/confirmar?token=y",
    ]) {
      const r = await twice(pathname);
      expect(r.upstreamHits, pathname).toBe(2);
    }
    const rsc = await twice("/entrevistas?_rsc=1", { rsc: "1" });
    expect(rsc.upstreamHits).toBe(2);
  });

  it("does not store a response that sets any cookie besides the language one", async () => {
    const r = await twice("/sets-other-cookie");
    expect(r.upstreamHits).toBe(2);
  });
});
