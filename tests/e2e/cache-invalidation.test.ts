import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";

/**
 * Public reads are served from Next's data cache (src/server/cache/public-content.ts). Publishing,
 * featuring or deleting an article must show on every public surface at once, in both languages: the
 * writers call revalidatePublicContent, which expires the article's tags. Each check first loads the page so
 * the old answer is cached, then changes the article through the admin REST API, then reads again.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const run = Date.now().toString(36);
const slug = `cache-e2e-${run}`;
const title = { es: `Artículo de caché ${run}`, en: `Cache article ${run}` };
let cookie = "";

async function page(path: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie: "" } });
  return { status: res.status, body: await res.text() };
}

async function admin(method: "PUT" | "DELETE" | "POST", path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
}

beforeAll(async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Dated in the future so it is the newest article (home's latest list, first in the feeds).
  await client.query(
    `INSERT INTO articles (id, slug, title_es, title_en, summary_es, summary_en, body_es, body_en, date, topics, tags, status, updated_at)
     VALUES ($1, $2, $3, $4, 'Resumen.', 'Summary.', 'Cuerpo.', 'Body.', now() + interval '1 day', '{regulacion}', '{}', 'draft', now())`,
    [`e2e-${run}`, slug, title.es, title.en],
  );
  await client.end();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("DELETE FROM articles WHERE slug = $1", [slug]);
  await client.end();
});

describe("cached public pages follow article changes at once", () => {
  it("approving a draft shows it on its page, home, /noticias, both feeds and the sitemap", async () => {
    // Fill the caches while it is still a draft.
    expect((await page(`/noticias/${slug}`)).status).toBe(404);
    for (const path of ["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"]) {
      expect((await page(path)).body, path).not.toContain(slug);
    }

    await admin("PUT", `/articles/${slug}`, { status: "published" });

    const es = await page(`/noticias/${slug}`);
    expect(es.status).toBe(200);
    expect(es.body).toContain(title.es);
    const en = await page(`/en/noticias/${slug}`);
    expect(en.status).toBe(200);
    expect(en.body).toContain(title.en);
    expect((await page("/")).body).toContain(title.es);
    expect((await page("/en")).body).toContain(title.en);
    expect((await page("/noticias")).body).toContain(slug);
    expect((await page("/rss")).body).toContain(title.es);
    expect((await page("/en/rss")).body).toContain(title.en);
    expect((await page("/sitemap.xml")).body).toContain(`/noticias/${slug}`);
  });

  it("an author migration shows the new byline on the article's pages at once", async () => {
    const author = `Autora ${run}`;
    // Cache both language versions of the page with the old byline first.
    expect((await page(`/noticias/${slug}`)).body).not.toContain(author);
    expect((await page(`/en/noticias/${slug}`)).body).not.toContain(author);
    await admin("POST", "/admin/articles/fix-author-names", { mapping: { [slug]: author } });
    expect((await page(`/noticias/${slug}`)).body).toContain(author);
    expect((await page(`/en/noticias/${slug}`)).body).toContain(author);
  });

  it("featuring it puts it in home's featured block", async () => {
    const featuredBlock = (html: string) => html.match(/data-testid="home-featured"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(featuredBlock((await page("/")).body)).not.toContain(title.es);
    await admin("PUT", `/articles/${slug}/toggle-featured`);
    expect(featuredBlock((await page("/")).body)).toContain(title.es);
    await admin("PUT", `/articles/${slug}/toggle-featured`);
    expect(featuredBlock((await page("/")).body)).not.toContain(title.es);
  });

  it("deleting it removes it everywhere", async () => {
    await admin("DELETE", `/articles/${slug}`);
    expect((await page(`/noticias/${slug}`)).status).toBe(404);
    expect((await page(`/en/noticias/${slug}`)).status).toBe(404);
    for (const path of ["/", "/en", "/noticias", "/rss", "/en/rss", "/sitemap.xml"]) {
      expect((await page(path)).body, path).not.toContain(slug);
    }
  });
});
