import fs from "node:fs";
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
const cacheFiles = () => countFiles(path.join(distDir, "cache")) + countFiles(path.join(distDir, "server", "app"));

describe("junk URLs", () => {
  it("a few hundred unknown slugs add no files to the server's cache", async () => {
    const before = cacheFiles();
    const paths: string[] = [];
    for (let i = 0; i < 50; i++) {
      paths.push(
        `/referentes/zz-${i}`,
        `/noticias/no-existe-${i}`,
        `/noticias/x${i}/opengraph-image`,
        `/en/entrevistas/zz-${i}`,
        `/entrevistas/NOT_A_SLUG_${i}/opengraph-image`,
        `/og/es/noticias/zz-${i}.png`,
      );
    }
    const statuses: string[] = [];
    for (let i = 0; i < paths.length; i += 10) {
      const batch = await Promise.all(paths.slice(i, i + 10).map((p) => fetch(`${baseUrl}${p}`)));
      for (const res of batch) {
        statuses.push(`${res.status} ${new URL(res.url).pathname}`);
        await res.arrayBuffer();
      }
    }
    // Next writes its cache files after answering: give it a moment before counting.
    await new Promise((r) => setTimeout(r, 1500));
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
});
