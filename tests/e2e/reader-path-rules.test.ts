import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { e2eDatabase } from "./db.ts";

/**
 * Reader pages are served without running the proxy (docs/reader-cache.md): their language, headers, former
 * slugs and 404s come from next.config's rules and the pages themselves. On the production build: the proxy's
 * matchers leave reader paths alone, and every behaviour the proxy gave those pages still holds.
 */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");
const dist = process.env.E2E_DIST_DIR ?? ".next-e2e";
const db = e2eDatabase();
afterAll(() => db.$disconnect());

type Matcher = { regexp: string; has?: unknown[] };

/** The proxy's matchers as the build compiled them. */
function proxyMatchers(): Matcher[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, "server", "functions-config-manifest.json"), "utf8"));
  return manifest.functions["/_middleware"]?.matchers ?? [];
}

/** Whether the proxy runs for a plain GET of this path (no cookie, no query: `has` conditions fail). */
const proxyRunsFor = (pathname: string) =>
  proxyMatchers().some((m) => new RegExp(m.regexp).test(pathname) && !m.has?.length);

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${p}`, { redirect: "manual", headers });

describe("the proxy runs only where a request needs code", () => {
  it("leaves reader pages to Next's cache and keeps /api and the per-request pages", () => {
    const reader = ["/", "/en", "/noticias", "/en/noticias", "/noticias/un-articulo", "/en/noticias/un-articulo"];
    const more = ["/referentes", "/entrevistas/una", "/metodologia", "/servicios", "/correcciones"];
    for (const p of [...reader, ...more]) expect(proxyRunsFor(p), p).toBe(false);
    for (const p of ["/api/trpc/x", "/login", "/en/admin", "/buscar", "/noticias/x/fuentes", "/newsletter/x"])
      expect(proxyRunsFor(p), p).toBe(true);
  });
});

describe("what the proxy did for reader pages, without it", () => {
  it("a former article slug answers a permanent redirect to the article's page, in either language", async () => {
    const unique = Date.now().toString(36);
    const article = await buildArticle(db, { status: "published", slug: `movido-${unique}`, title_en: "Moved" });
    const old = `Movido_${unique}`;
    await db.articleSlugRedirect.create({ data: { old_slug: old, article_id: article.id } });
    for (const prefix of ["", "/en"]) {
      const res = await get(`${prefix}/noticias/${old}`);
      expect(res.status, prefix).toBe(308);
      expect(new URL(res.headers.get("location") ?? "", baseUrl).pathname).toBe(`${prefix}/noticias/${article.slug}`);
      expect((await get(`${prefix}/noticias/${article.slug}`)).status).toBe(200);
    }
  });

  it("the Spanish pages' /es form redirects to the unprefixed URL", async () => {
    for (const [from, to] of [
      ["/es", "/"],
      ["/es/noticias", "/noticias"],
    ] as const) {
      const res = await get(from);
      expect(res.status, from).toBe(307);
      expect(new URL(res.headers.get("location") ?? "", baseUrl).pathname, from).toBe(to);
    }
  });

  it("public pages may sit a second in a shared cache; signed-in readers and private pages never", async () => {
    for (const p of ["/", "/noticias", "/en/referentes"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toBe("public, max-age=0, s-maxage=1");
      const signedIn = await get(p, { cookie: "next-auth.session-token=abc" });
      expect(signedIn.headers.get("cache-control"), p).toBe("private, no-store");
    }
    expect((await get("/login")).headers.get("cache-control")).toBe("private, no-store");
  });

  it("the remembered language takes the bare root to /en, privately", async () => {
    const res = await get("/?x=1", { cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toMatch(/\/en\?x=1$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a cached page carries its hreflang Link header on SITE_URL and its script-hash CSP, no nonce", async () => {
    for (const [p, es, en] of [
      ["/referentes", `${site}/referentes`, `${site}/en/referentes`],
      ["/en", site, `${site}/en`],
    ] as const) {
      // Twice: the render that stores the page, and a hit.
      for (const _ of [1, 2]) {
        const res = await get(p);
        expect(res.headers.get("link"), p).toContain(
          `<${es}>; rel="alternate"; hreflang="es", <${en}>; rel="alternate"; hreflang="en", <${es}>; rel="alternate"; hreflang="x-default"`,
        );
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp, p).toMatch(/script-src 'self' 'sha256-/);
        expect(csp, p).not.toContain("nonce-");
      }
    }
    expect((await get("/login")).headers.get("content-security-policy")).toContain("'nonce-");
  });
});
