import { createHash } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * The URL decides the language: unprefixed is Spanish, /en is English, whatever cookie is sent; only the bare
 * root follows a remembered choice.
 */
const baseUrl = inject("baseUrl");
const db = new pg.Client({ connectionString: inject("databaseUrl") });

beforeAll(() => db.connect());
afterAll(() => db.end());

const get = (path: string, cookie = "") =>
  fetch(`${baseUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
/** Where a redirect points, as path and query. */
const where = (res: Response) => {
  const url = new URL(res.headers.get("location") ?? "", baseUrl);
  return `${url.pathname}${url.search}`;
};
const lang = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];

describe("language follows the URL", () => {
  it("serves a deep unprefixed URL in Spanish even with NEXT_LOCALE=en, and /en in English with NEXT_LOCALE=es", async () => {
    for (const path of ["/noticias", "/referentes/lucia-montaner"]) {
      const es = await get(path, "NEXT_LOCALE=en");
      expect(es.status, path).toBe(200);
      expect(es.headers.get("location"), path).toBeNull();
      expect(lang(await es.text()), path).toBe("es");
      const en = await get(path === "/" ? "/en" : `/en${path}`, "NEXT_LOCALE=es");
      expect(en.status, path).toBe(200);
      expect(lang(await en.text()), path).toBe("en");
    }
  });

  it("takes the root to the remembered language, and keeps it Spanish for a visitor who never chose", async () => {
    const remembered = await get("/", "NEXT_LOCALE=en");
    expect(remembered.status).toBe(307);
    expect(new URL(remembered.headers.get("location") ?? "", baseUrl).pathname).toBe("/en");
    for (const cookie of ["", "NEXT_LOCALE=es"]) {
      const root = await get("/", cookie);
      expect(root.status, cookie).toBe(200);
      expect(lang(await root.text()), cookie).toBe("es");
    }
    const en = await get("/en", "NEXT_LOCALE=es");
    expect(lang(await en.text())).toBe("en");
  });

  it("takes a choice of Spanish made at the root (the toggle's link, for a page not yet hydrated) over the remembered English, and remembers it", async () => {
    const chosen = await get("/?idioma=es", "NEXT_LOCALE=en");
    expect(chosen.status).toBe(307);
    expect(where(chosen)).toBe("/");
    expect(chosen.headers.get("set-cookie")).toMatch(/^NEXT_LOCALE=es; Path=\/; .*Max-Age=31536000/i);
    // The English home's language links carry that choice; a page has its toggle in the header and the footer.
    const english = await (await get("/en", "NEXT_LOCALE=en")).text();
    expect(english.match(/href="\/\?idioma=es"/g)?.length).toBeGreaterThanOrEqual(2);
    // Anything else in the query stays; an unknown language is no choice, and leaves the URL too.
    expect(where(await get("/?idioma=es&utm_source=x", "NEXT_LOCALE=en"))).toBe("/?utm_source=x");
    expect(where(await get("/?idioma=fr", "NEXT_LOCALE=en"))).toBe("/en");
    expect(where(await get("/?idioma=fr"))).toBe("/");
  });

  it("never sets the language cookie on a visit (only the toggle remembers a choice)", async () => {
    for (const path of ["/en", "/en/noticias", "/noticias"]) {
      const res = await get(path);
      expect(res.headers.get("set-cookie") ?? "", path).not.toContain("NEXT_LOCALE");
    }
  });
});

describe("one-click unsubscribe opened in a browser", () => {
  it("lands an English subscriber on /en/unsubscribe and a Spanish one on /unsubscribe", async () => {
    // Tokens mailed before links carried derived tokens: stored as their SHA-256 (the migration's doing).
    const token = (n: string) => `${n}${"t".repeat(40)}${Date.now()}`;
    const hash = (t: string) => createHash("sha256").update(t).digest("hex");
    const en = token("en");
    const es = token("es");
    await db.query(
      `INSERT INTO newsletter_subscriptions (id, email, locale, status, subscribed, legacy_unsubscribe_hash, legacy_tokens_until, created_at, updated_at)
       VALUES ($1, $2, 'en', 'confirmed', true, $3, now() + interval '1 day', now(), now()),
              ($4, $5, 'es', 'confirmed', true, $6, now() + interval '1 day', now(), now())`,
      [
        `oc-en-${Date.now()}`,
        `oc.en.${Date.now()}@example.com`,
        hash(en),
        `oc-es-${Date.now()}`,
        `oc.es.${Date.now()}@example.com`,
        hash(es),
      ],
    );
    const site = inject("siteUrl");
    const english = await get(`/api/newsletter/one-click?token=${en}`);
    expect(english.status).toBe(303);
    expect(english.headers.get("location")).toBe(`${site}/en/unsubscribe?token=${en}`);
    const spanish = await get(`/api/newsletter/one-click?token=${es}`);
    expect(spanish.headers.get("location")).toBe(`${site}/unsubscribe?token=${es}`);
  });
});
