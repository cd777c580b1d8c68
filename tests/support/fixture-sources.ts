import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The fixture corpus: official-style pages (HTML, PDF) under their real host names. */
export const SOURCES_DIR = path.resolve(import.meta.dirname, "../fixtures/sources");

export interface FixtureSources {
  /** http://127.0.0.1:PORT */
  url: string;
  /** 127.0.0.1:PORT, the entry SOURCE_FETCH_EXTRA_HOSTS takes. */
  host: string;
  port: number;
  /** What /robots.txt answers (a status number answers that status with no body). */
  robots: string | number;
  /** Paths requested, in order (robots.txt included). */
  hits: string[];
  /** Most requests in flight at once since start. */
  maxInFlight: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
};

/**
 * A loopback server standing in for official sites with the bench's fixture corpus (fake-sources.ts has the
 * small pages the app's tests draft from): `/<host>/<lang>/<page>` serves the corpus, and a few
 * paths behave badly on purpose: `/redirect?to=URL`, `/big?bytes=N[&chunked=1]`, `/hang`, `/slow?ms=N`,
 * `/gzip[?bytes=N]`, `/etag` (answers 304 to a matching If-None-Match or If-Modified-Since), `/private/*` (for robots rules).
 */
export async function startFixtureSources(listenPort = 0): Promise<FixtureSources> {
  let inFlight = 0;
  const state = {
    robots: "User-agent: *\nDisallow: /private/\n" as string | number,
    hits: [] as string[],
    maxInFlight: 0,
  };
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    state.hits.push(url.pathname);
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
      res.end(body);
    };
    const page = (title: string, text: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body><main><article><h1>${title}</h1><p>${text}</p></article></main></body></html>`;
    switch (url.pathname) {
      case "/robots.txt":
        if (typeof state.robots === "number") return send(state.robots, "");
        return send(200, state.robots, { "content-type": "text/plain" });
      case "/redirect":
        return send(302, "", { location: url.searchParams.get("to") ?? "/" });
      case "/big": {
        const bytes = Number(url.searchParams.get("bytes") ?? 1000);
        const body = Buffer.from(page("Big", "x".repeat(bytes)));
        if (url.searchParams.get("chunked")) {
          res.writeHead(200, { "content-type": "text/html" });
          for (let i = 0; i < body.length; i += 1024) res.write(body.subarray(i, i + 1024));
          return res.end();
        }
        return send(200, body, { "content-length": String(body.length) });
      }
      case "/gzip": {
        const bytes = Number(url.searchParams.get("bytes") ?? 0);
        const html = page(
          "Compressed",
          bytes ? "z".repeat(bytes) : "This page travels gzip-compressed with 3 figures.",
        );
        return send(200, gzipSync(html), { "content-encoding": "gzip" });
      }
      case "/hang":
        return; // never answered
      case "/slow": {
        await new Promise((r) => setTimeout(r, Number(url.searchParams.get("ms") ?? 100)));
        return send(200, page("Slow", `Answered after a wait of ${url.searchParams.get("ms")} ms on purpose.`));
      }
      case "/etag": {
        const etag = '"v1"';
        const lastModified = "Mon, 02 Feb 2026 10:00:00 GMT";
        if (req.headers["if-none-match"] === etag || req.headers["if-modified-since"] === lastModified)
          return send(304, "", { etag, "last-modified": lastModified });
        return send(200, page("Versioned", "The first version of this page says 42 things."), {
          etag,
          "last-modified": lastModified,
        });
      }
    }
    if (url.pathname.startsWith("/private/")) return send(200, page("Private", "Robots should keep you out."));
    const file = path.join(SOURCES_DIR, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(SOURCES_DIR) || file.endsWith(".txt") || file.endsWith(".json") || file.endsWith(".ts"))
      return send(404, page("Not found", "No such page."));
    try {
      const body = await readFile(file);
      return send(200, body, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    } catch {
      return send(404, page("Not found", "No such page."));
    }
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.defineProperties(
    {
      url: `http://127.0.0.1:${port}`,
      host: `127.0.0.1:${port}`,
      port,
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    },
    {
      robots: { get: () => state.robots, set: (v: string | number) => (state.robots = v), enumerable: true },
      hits: { get: () => state.hits, enumerable: true },
      maxInFlight: { get: () => state.maxInFlight, set: (v: number) => (state.maxInFlight = v), enumerable: true },
    },
  ) as FixtureSources;
}
