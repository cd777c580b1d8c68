import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
// The production build the E2E server runs from (tests/setup/e2e-global.ts).
const distDir = path.resolve(process.env.E2E_DIST_DIR ?? ".next-e2e");

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}
/** One HTTP/1.1 request over a socket: fetch() will not send every method a client can. */
function rawRequest(method: string, target: string) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
    );
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      raw += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

/** Next writes its cache files after answering: a moment for them before counting. */
const cacheWritesSettled = () => new Promise((r) => setTimeout(r, 1500));
const cacheFiles = () => countFiles(path.join(distDir, "cache")) + countFiles(path.join(distDir, "server", "app"));

describe("junk URLs", () => {
  it("a few hundred unknown slugs add no files to the server's cache", async () => {
    const junk = (i: number | string) => [
      `/referentes/zz-${i}`,
      `/noticias/no-existe-${i}`,
      `/noticias/x${i}/opengraph-image`,
      `/en/entrevistas/zz-${i}`,
      `/entrevistas/NOT_A_SLUG_${i}/opengraph-image`,
      `/og/es/noticias/zz-${i}.png`,
    ];
    // One of each kind first: the entries every page shares (the site's fediverse settings, …) are stored on a
    // fresh server's first requests, whatever they ask for. What is counted is what junk adds beyond them.
    for (const res of await Promise.all(junk("primero").map((p) => fetch(`${baseUrl}${p}`)))) await res.arrayBuffer();
    await cacheWritesSettled();
    const before = cacheFiles();
    const paths = Array.from({ length: 50 }, (_, i) => junk(i)).flat();
    const statuses: string[] = [];
    for (let i = 0; i < paths.length; i += 10) {
      const batch = await Promise.all(paths.slice(i, i + 10).map((p) => fetch(`${baseUrl}${p}`)));
      for (const res of batch) {
        statuses.push(`${res.status} ${new URL(res.url).pathname}`);
        await res.arrayBuffer();
      }
    }
    await cacheWritesSettled();
    expect(cacheFiles() - before).toBe(0);
    expect(statuses.filter((s) => !s.startsWith("404 "))).toEqual([]);
  });

  it("answers 400 to an undecodable path and 404 to /api/docs/assets/__proto__", async () => {
    expect((await fetch(`${baseUrl}/noticias/%ZZ`)).status).toBe(400);
    for (const name of ["__proto__", "constructor", "toString"])
      expect((await fetch(`${baseUrl}/api/docs/assets/${name}`)).status, name).toBe(404);
    expect((await fetch(`${baseUrl}/api/docs/assets/init.js`)).status).toBe(200);
  });

  it("answers 400 (or 404) with the usual error body to undecodable paths everywhere, never a 500", async () => {
    const paths = [
      "/api/articles/%ZZ",
      "/api/articles/%E0%A4%A",
      "/api/media/%c0%ae%c0%ae%2fx.png",
      "/api/%ZZ",
      "/api/trpc/%ZZ",
      "/api/auth/%ZZ",
      "/og/es/%ZZ.png",
      "/og/es/noticias/%E0%A4%A.png",
      "/_next/static/%ZZ",
      "/_next/static/chunks/%ZZ.js",
      "/sitemap.xml/%ZZ",
      "/%ZZ.png",
    ];
    // Soft assertions: a failure lists every path that answers wrongly, not just the first.
    for (const p of paths) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(`${baseUrl}${p}`, { method });
        expect.soft([400, 404], `${method} ${p}`).toContain(res.status);
        if (method === "HEAD") continue;
        const text = await res.text();
        if (p.startsWith("/api/")) {
          expect.soft(res.headers.get("content-type"), p).toMatch(/^application\/json/);
          const body = text.startsWith("{") ? JSON.parse(text) : text;
          expect.soft(body, p).toEqual({
            error: "Bad Request: malformed percent-encoding in the path",
            code: "BAD_REQUEST",
          });
        } else expect.soft(text, p).toMatch(/^(Bad Request|Not Found)/);
      }
    }
  });

  it("answers 405 to TRACE, whose request the server cannot even build (the Fetch standard forbids it)", async () => {
    // fetch() refuses to send TRACE itself, so the request goes over a plain socket.
    for (const p of ["/", "/noticias", "/api/contact", "/api/trpc/articles.list", "/og/es/home.png", "/logo.png"]) {
      const { status, headers, body } = await rawRequest("TRACE", p);
      expect.soft(status, `TRACE ${p}`).toBe(405);
      expect.soft(headers.allow, p).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      if (p.startsWith("/api/"))
        expect.soft(JSON.parse(body), p).toEqual({ error: "Method Not Allowed", code: "METHOD_NOT_ALLOWED" });
      else expect.soft(body, p).toBe("Method Not Allowed");
    }
  });

  it("has no image optimizer to feed junk to: /_next/image answers 404, never a 500", async () => {
    for (const url of ["/%ZZ", "/api/articles/%ZZ", "/%5C%5Cevil.example/x.png", "/logo.png", "/nonexistent.png"]) {
      const res = await fetch(`${baseUrl}/_next/image?url=${encodeURIComponent(url)}&w=64&q=75`);
      expect.soft(res.status, url).toBe(404);
      await res.arrayBuffer();
    }
  });

  it("answers 400 to a page request whose router-state header does not parse, never a 500", async () => {
    // Next first redirects a navigation to the cache-busting `_rsc` value its headers hash to, then renders it.
    const navigate = async (state: string) => {
      const headers = { RSC: "1", "Next-Router-State-Tree": state };
      const first = await fetch(`${baseUrl}/noticias`, { headers, redirect: "manual" });
      const location = first.headers.get("location");
      if (first.status !== 307 || !location) return first;
      await first.arrayBuffer();
      return fetch(new URL(location, baseUrl), { headers, redirect: "manual" });
    };
    const junk = ["garbage", "%ZZ", "[1,2]", "[null]", "{}", `["",{"children":${"[".repeat(50)}`];
    for (const state of junk) {
      const res = await navigate(state === "%ZZ" ? state : encodeURIComponent(state));
      expect.soft(res.status, state).toBe(400);
      expect.soft(await res.text(), state).toBe("Bad Request: malformed Next-Router-State-Tree header");
    }
    // What Next's own client sends still renders.
    const ok = await navigate(encodeURIComponent('["",{"children":["__PAGE__",{}]},null,null,1]'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/x-component/);
  });
});
