import { describe, expect, it } from "vitest";
import { plainDocumentRequest } from "~/platform/request-edge/plain-document.js";

/** Which requests the server's page fast path may answer from what Next sent before (plain-document.js). */
const browser = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "es-ES,es;q=0.9",
  "user-agent": "Mozilla/5.0",
  "sec-fetch-mode": "navigate",
  "x-forwarded-for": "203.0.113.7",
};
const plain = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  plainDocumentRequest({ method, url, headers: { ...browser, ...headers } });

describe("a plain document request", () => {
  it("is a browser's GET or HEAD of a page, with or without cookies that change nothing", () => {
    for (const url of ["/", "/noticias", "/en/noticias/una-noticia", "/metodologia"]) {
      expect(plain(url), url).toBe(true);
      expect(plain(url, {}, "HEAD"), url).toBe(true);
    }
    expect(plain("/", { cookie: "consent=yes; NEXT_LOCALE_OLD=x" })).toBe(true);
  });

  it("is not one Next answers otherwise: another method, a query, an escape, a file, Next's own paths", () => {
    expect(plain("/noticias", {}, "POST")).toBe(false);
    expect(plain("/noticias", {}, "OPTIONS")).toBe(false);
    for (const url of [
      "/noticias?tema=x",
      "/noticias/%61",
      "/_next/static/x.js",
      "/api/trpc/x",
      "/favicon.ico",
      "//evil",
      "x",
    ])
      expect(plain(url), url).toBe(false);
  });

  it("is not a router, prefetch, conditional, partial or revalidation request, nor one with a body", () => {
    const headers: Record<string, string>[] = [
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "next-router-state-tree": "%5B%5D" },
      { "next-url": "/en" },
      { "next-action": "abc" },
      { "x-nextjs-data": "1" },
      { "x-prerender-revalidate": "id" },
      { "x-middleware-subrequest": "proxy" },
      { "sec-purpose": "prefetch" },
      { "if-none-match": '"abc"' },
      { "if-modified-since": "Tue, 01 Dec 2026 00:00:00 GMT" },
      { range: "bytes=0-10" },
      { "content-length": "3" },
    ];
    for (const header of headers) expect(plain("/noticias", header), JSON.stringify(header)).toBe(false);
  });

  it("is not one whose cookie or Accept changes the answer", () => {
    expect(plain("/", { cookie: "NEXT_LOCALE=en" })).toBe(false);
    expect(plain("/noticias", { cookie: "a=1; next-auth.session-token=x" })).toBe(false);
    expect(plain("/noticias", { cookie: "__Secure-next-auth.session-token=x" })).toBe(false);
    expect(plain("/noticias/x", { accept: "application/activity+json" })).toBe(false);
    expect(
      plain("/noticias/x", { accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' }),
    ).toBe(false);
  });
});
