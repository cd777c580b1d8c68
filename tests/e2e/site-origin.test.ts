import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getWithHost, inLocale, jsonLd, linkTags, metaTags } from "./interop-helpers.ts";
import { article, interview } from "./site-helpers.ts";

/**
 * One public origin, read at run time: the server runs with SITE_URL (tests/setup/e2e-global.ts) and was built
 * without it, so every absolute URL it publishes must carry SITE_URL — even when a request names another host.
 */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");
const OTHER_HOST = "elsewhere.example:8080";
const db = new pg.Client({ connectionString: inject("databaseUrl") });

beforeAll(() => db.connect());
afterAll(() => db.end());

const absoluteUrls = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);
/** Our own URLs in a text: any on SITE_URL's port or on the other host a request named. */
const ownUrls = (text: string) =>
  absoluteUrls(text).filter(
    (u) => u.includes(`:${new URL(site).port}`) || u.includes(OTHER_HOST) || u.includes("localhost"),
  );

describe("pages", () => {
  it("canonical, hreflang, share tags and JSON-LD use SITE_URL, whatever the request's host", async () => {
    for (const locale of ["es", "en"] as const) {
      const path = inLocale(locale, `/noticias/${article.slug}`);
      const res = await getWithHost(`${baseUrl}${path}`, OTHER_HOST);
      expect(res.status, path).toBe(200);
      const links = linkTags(res.body);
      expect(links.find((l) => l.rel === "canonical")?.href).toBe(`${site}${path}`);
      const alternates = links.filter((l) => l.rel === "alternate" && l.hreflang);
      expect(alternates.map((l) => [l.hreflang, l.href])).toEqual([
        ["es", `${site}/noticias/${article.slug}`],
        ["en", `${site}/en/noticias/${article.slug}`],
        ["x-default", `${site}/noticias/${article.slug}`],
      ]);
      const meta = metaTags(res.body);
      expect(meta.get("og:url")).toEqual([`${site}${path}`]);
      expect(meta.get("og:image")?.[0]).toMatch(new RegExp(`^${site}/og/${locale}/`));
      const [ld] = jsonLd(res.body);
      expect(ld?.url).toBe(`${site}${path}`);
      for (const url of ownUrls(res.body)) expect(url.startsWith(site), url).toBe(true);

      // The Link header names the same alternates as the HTML (Next adds its own preload links beside them).
      const header = String(res.headers.link);
      expect(header).toContain(
        [
          `<${site}/noticias/${article.slug}>; rel="alternate"; hreflang="es"`,
          `<${site}/en/noticias/${article.slug}>; rel="alternate"; hreflang="en"`,
          `<${site}/noticias/${article.slug}>; rel="alternate"; hreflang="x-default"`,
        ].join(", "),
      );
      expect(header).not.toContain(OTHER_HOST);
    }
  });
});

describe("the Link header and the HTML", () => {
  /** The hreflang alternates of a Link header, as [hreflang, href]. */
  const headerAlternates = (header: string) =>
    [...header.matchAll(/<([^>]+)>; rel="alternate"; hreflang="([^"]+)"/g)].map((m) => [m[2], m[1]]);

  it("name the same alternates, to the character, on the home pages and an article", async () => {
    for (const path of ["/", "/en", `/noticias/${article.slug}`, `/en/noticias/${article.slug}`]) {
      const res = await getWithHost(`${baseUrl}${path}`, OTHER_HOST);
      expect(res.status, path).toBe(200);
      const html = linkTags(res.body)
        .filter((l) => l.rel === "alternate" && l.hreflang)
        .map((l) => [l.hreflang, l.href]);
      expect(html.length, path).toBe(3);
      expect(headerAlternates(String(res.headers.link)), path).toEqual(html);
      // The canonical URL is one of them, written the same way.
      const canonical = linkTags(res.body).find((l) => l.rel === "canonical")?.href;
      expect(
        html.map(([, href]) => href),
        path,
      ).toContain(canonical);
    }
  });
});

describe("share cards", () => {
  it("article and interview pages describe their card image for X too (twitter:image:alt)", async () => {
    for (const path of [
      `/noticias/${article.slug}`,
      `/en/noticias/${article.slug}`,
      `/entrevistas/${interview.slug}`,
    ]) {
      const meta = metaTags(await (await fetch(`${baseUrl}${path}`)).text());
      const alt = meta.get("twitter:image:alt");
      expect(alt, path).toHaveLength(1);
      expect(alt?.[0], path).toBe(meta.get("og:image:alt")?.[0]);
      expect(alt?.[0]?.length, path).toBeGreaterThan(10);
    }
  });
});

describe("sitemap, feeds, robots and the API document", () => {
  it("point at SITE_URL only", async () => {
    for (const path of ["/sitemap.xml", "/rss", "/en/rss", "/robots.txt"]) {
      const res = await getWithHost(`${baseUrl}${path}`, OTHER_HOST);
      expect(res.status, path).toBe(200);
      const own = ownUrls(res.body);
      expect(own.length, path).toBeGreaterThan(0);
      for (const url of own) expect(url.startsWith(`${site}/`), `${path}: ${url}`).toBe(true);
    }
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(doc.servers).toEqual([{ url: "/api" }]);
  });
});

describe("e-mails", () => {
  it("confirm and unsubscribe links, and List-Unsubscribe, use SITE_URL", async () => {
    const email = `origin.${Date.now()}@example.com`;
    const res = await fetch(`${baseUrl}/api/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", host: OTHER_HOST },
      body: JSON.stringify({ email, locale: "en" }),
    });
    expect(res.status).toBe(200);
    type Mail = { html: string; text: string | null; headers: Record<string, string> };
    const mails = async () =>
      (await db.query<Mail>('SELECT html, text, headers FROM email_messages WHERE "to" = $1', [email])).rows;
    // The confirmation mail is a job: behind an earlier file's sign-ups it can wait its turn for a while.
    await expect.poll(async () => (await mails()).length, { timeout: 50_000 }).toBe(1);
    const [mail] = (await mails()) as [Mail];
    const urls = [...ownUrls(mail.html), ...ownUrls(mail.text ?? ""), ...ownUrls(JSON.stringify(mail.headers))];
    expect(urls.some((u) => u.startsWith(`${site}/en/newsletter/confirmar?token=`))).toBe(true);
    expect(urls.some((u) => u.startsWith(`${site}/en/unsubscribe?token=`))).toBe(true);
    for (const url of urls) expect(url.startsWith(`${site}/`), url).toBe(true);
  });
});
