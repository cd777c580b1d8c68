import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

// A database of its own, seeded: the feeds list every published article, and other files publish and delete
// theirs at the same time (three files run at once). Article images go to a folder of its own.
const own = await createPrivateDatabase("feeds");
const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-feed-images-"));
vi.stubEnv("IMAGE_STORAGE_DIR", imageDir);
vi.stubEnv("MEDIA_STORAGE", "local");
const { imageStorage } = await import("~/platform/providers/image-storage.ts");
const { articleContent } = await import("~/features/articles/index.ts");
const { buildRssFeed } = await import("~/features/articles/rss-feed.ts");
const { directoryContent } = await import("~/features/directories/index.ts");
const { interviewContent } = await import("~/features/interviews/index.ts");
const { sitemapXml } = await import("~/features/seo/sitemap.ts");
const { STATIC_PATHS } = await import("~/features/seo/static-paths.ts");
const { db } = await import("~/platform/db/db.ts");
const { buildArticle } = await import("../support/builders.ts");
const { loadSeed } = await import("../../seed/load.ts");
await expectAppOn(db, own.name);
await loadSeed(db);

const SITE = "https://riesgos-ia.example";
const DRAFT = `feeds-draft-${Date.now()}`;
const parser = new XMLParser({ ignoreAttributes: false });

beforeAll(async () => {
  // A draft with markup-looking text: it must stay out of the feeds and the sitemap.
  await buildArticle(db, { slug: DRAFT, title_es: "Borrador <b>&", summary_es: "x", body_es: "x", status: "draft" });
});
afterAll(async () => {
  await db.article.deleteMany({ where: { slug: DRAFT } });
  vi.unstubAllEnvs();
  fs.rmSync(imageDir, { recursive: true, force: true });
});

async function rss(locale: "es" | "en") {
  const industryUpdate = locale === "en" ? "Industry update" : "Novedad de la industria";
  const xml = await buildRssFeed(db, {
    locale,
    siteUrl: SITE,
    title: "Riesgos IA",
    description: "d",
    copyright: "c",
    industryUpdate,
  });
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  const items = [doc.rss.channel.item].flat();
  return { doc, items, xml };
}

describe("RSS feeds", () => {
  it("the Spanish feed is valid RSS 2.0 with one item per published article, newest first", async () => {
    const published = await db.article.findMany({ where: { status: "published" }, orderBy: { date: "desc" } });
    const { doc, items } = await rss("es");
    expect(doc.rss["@_version"]).toBe("2.0");
    expect(doc.rss.channel.language).toBe("es");
    expect(items).toHaveLength(Math.min(published.length, 50));
    expect(items[0].title).toBe(published[0]!.title_es);
    expect(items[0].link).toBe(`${SITE}/noticias/${published[0]!.slug}`);
    expect(items.map((i: { link: string }) => i.link)).not.toContain(`${SITE}/noticias/${DRAFT}`);
  });

  it("the English feed links to /en and uses the English titles", async () => {
    const { doc, items } = await rss("en");
    expect(doc.rss.channel.link).toBe(`${SITE}/en`);
    const deepfakes = items.find((i: { link: string }) => i.link.endsWith("/deepfakes-elecciones-normas-europeas"));
    expect(deepfakes.link).toBe(`${SITE}/en/noticias/deepfakes-elecciones-normas-europeas`);
    expect(deepfakes.title).toBe(
      "Deepfakes and elections: the three layers of EU rules against synthetic manipulation",
    );
  });
});

describe("RSS items", () => {
  type Item = { link: string; author?: unknown; "dc:creator": string; "content:encoded": string; category: unknown };
  const sponsoredSlug = "trazia-plataforma-auditoria-sistemas-ia";

  it("credit authors with dc:creator (RSS's <author> must be an e-mail) and carry the sanitised full body", async () => {
    const { doc, items } = await rss("es");
    expect(doc.rss["@_xmlns:dc"]).toBe("http://purl.org/dc/elements/1.1/");
    expect(doc.rss["@_xmlns:content"]).toBe("http://purl.org/rss/1.0/modules/content/");
    for (const item of items as Item[]) {
      expect(item.author, item.link).toBeUndefined();
      expect(item["dc:creator"], item.link).toEqual(expect.any(String));
      expect(item["content:encoded"], item.link).toMatch(/<p>/);
      expect(item["content:encoded"], item.link).not.toMatch(/<script/i);
    }
  });

  it("labels sponsored items in the feed's language, the English feed without Spanish text", async () => {
    const es = (await rss("es")).items.find((i: Item) => i.link.endsWith(sponsoredSlug)) as Item;
    expect([es.category].flat()).toContain("Novedad de la industria");
    expect(es["content:encoded"]).toContain("Novedad de la industria");
    const en = (await rss("en")).items.find((i: Item) => i.link.endsWith(sponsoredSlug)) as Item;
    expect([en.category].flat()).toContain("Industry update");
    expect(en["dc:creator"]).toBe("Trazia Labs");
    expect(en["content:encoded"]).toMatch(/^<p><strong>Industry update<\/strong><\/p>/);
    // Everything but the article's own English body (which quotes the label) is English.
    expect(JSON.stringify({ ...en, "content:encoded": "" })).not.toMatch(/patrocinado|Novedad de la industria/);
  });

  it("makes the bodies' links absolute, to the site's pages in the feed's language", async () => {
    const slug = `feeds-links-${Date.now()}`;
    await buildArticle(db, {
      slug,
      title_es: "Enlaces",
      summary_es: "x",
      body_es: "[a](/metodologia) [b](/en/noticias/x) [c](https://example.org/p) [d](#notas) [e](mailto:a@b.es)",
      date: new Date(Date.now() + 86_400_000),
      status: "published",
    });
    try {
      const hrefs = (item: Item) => [...item["content:encoded"].matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      const es = (await rss("es")).items.find((i: Item) => i.link.endsWith(slug)) as Item;
      expect(hrefs(es)).toEqual([
        `${SITE}/metodologia`,
        `${SITE}/en/noticias/x`,
        "https://example.org/p",
        `${SITE}/noticias/${slug}#notas`,
        "mailto:a@b.es",
      ]);
      // The English feed falls back to the Spanish body here, and still links to the English pages.
      const en = (await rss("en")).items.find((i: Item) => i.link.endsWith(slug)) as Item;
      expect(hrefs(en).slice(0, 2)).toEqual([`${SITE}/en/metodologia`, `${SITE}/en/noticias/x`]);
      expect(hrefs(en)[3]).toBe(`${SITE}/en/noticias/${slug}#notas`);
      const sponsored = (await rss("en")).items.find((i: Item) => i.link.endsWith(sponsoredSlug)) as Item;
      expect(hrefs(sponsored)).toContain(`${SITE}/en/metodologia`);
      for (const item of (await rss("en")).items as Item[])
        for (const href of hrefs(item)) expect(href, item.link).toMatch(/^(https?:|mailto:)/);
    } finally {
      await db.article.deleteMany({ where: { slug } });
    }
  });
});

describe("sitemap", () => {
  it("lists every public page in both languages with hreflang alternates (es, en, x-default)", async () => {
    // The sitemap route's own reads (outside Next.js they go straight to the database).
    const [articles, interviews, referents] = await Promise.all([
      articleContent.articleRefs(),
      interviewContent.interviewRefs(),
      directoryContent.referentRefs(),
    ]);
    const xml = sitemapXml({ articles, interviews, referents });
    expect(XMLValidator.validate(xml)).toBe(true);
    type Entry = { loc: string; lastmod?: string; "xhtml:link": { "@_hreflang": string; "@_href": string }[] };
    const entries = [parser.parse(xml).urlset.url].flat() as Entry[];
    // + 1: /correcciones (/en/corrections), the one page whose English path is translated.
    expect(entries).toHaveLength(
      2 * (STATIC_PATHS.length + 1 + articles.length + interviews.length + referents.length),
    );
    const urls = entries.map((e) => e.loc);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.some((u) => u.endsWith("/noticias/ai-act-obligaciones-modelos-uso-general"))).toBe(true);
    expect(urls.some((u) => u.includes(DRAFT))).toBe(false);
    const english = entries.find((e) => e.loc.endsWith("/en/referentes/lucia-montaner"));
    expect(english?.["xhtml:link"].map((l) => l["@_hreflang"])).toEqual(["es", "en", "x-default"]);
    expect(english?.["xhtml:link"][2]?.["@_href"]).toMatch(/[^n]\/referentes\/lucia-montaner$/);
  });

  it("dates a seeded article by its own date, not by when the seed was loaded", async () => {
    const seeded = await db.article.findUniqueOrThrow({ where: { slug: "deepfakes-elecciones-normas-europeas" } });
    const xml = sitemapXml({ articles: [seeded], interviews: [], referents: [] });
    expect(xml).toContain(`<lastmod>${seeded.date.toISOString()}</lastmod>`);
  });
});

const PYTHON = fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
// A 1 × 1 PNG: its byte length is what the enclosure must announce.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const FEEDPARSER = `
import feedparser, json, sys
d = feedparser.parse(sys.stdin.buffer.read(), resolve_relative_uris=False)
print(json.dumps({"bozo": d.bozo, "error": str(d.get("bozo_exception", "")), "entries": [
  {"link": e.link, "enclosures": [dict(x) for x in e.get("enclosures", [])],
   "media": [dict(m) for m in e.get("media_content", [])]}
  for e in d.entries]}))`;

type Entry = {
  link: string;
  enclosures: { href: string; type: string; length: string }[];
  media: { url: string; type: string; medium: string; filesize?: string; width?: string; height?: string }[];
};

/** The feed as xmllint and feedparser read it, and its items as XML. */
async function feed(locale: "es" | "en") {
  const { xml } = await rss(locale);
  const file = path.join(imageDir, `rss-${locale}.xml`);
  fs.writeFileSync(file, xml);
  const lint = spawnSync("xmllint", ["--noout", file], { encoding: "utf8" });
  expect(lint.status, lint.stderr).toBe(0);
  const r = spawnSync(PYTHON, ["-c", FEEDPARSER], { input: xml, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  const parsed = JSON.parse(r.stdout) as { bozo: boolean; error: string; entries: Entry[] };
  expect(parsed.bozo, parsed.error).toBe(false);
  type Raw = { link: string; "media:content"?: { "media:description"?: { "#text": string; "@_type": string } } };
  const raw = [new XMLParser({ ignoreAttributes: false }).parse(xml).rss.channel.item].flat() as Raw[];
  return { entries: parsed.entries, raw };
}

describe("RSS item images", () => {
  it("an article's stored image: enclosure with type and byte length, media:content with its alt text", async () => {
    const url = await imageStorage().put(PNG, "image/png", "png");
    const slug = `feed-image-${Date.now()}`;
    await buildArticle(db, {
      slug,
      title_es: "Con imagen propia",
      title_en: "With its own image",
      summary_es: "x",
      body_es: "cuerpo",
      date: new Date(Date.now() + 86_400_000),
      status: "published",
      image_url: url,
    });
    for (const locale of ["es", "en"] as const) {
      const { entries, raw } = await feed(locale);
      const entry = entries.find((e) => e.link.endsWith(slug));
      expect(entry?.enclosures).toEqual([{ href: `${SITE}${url}`, type: "image/png", length: String(PNG.length) }]);
      expect(entry?.media).toEqual([
        expect.objectContaining({
          url: `${SITE}${url}`,
          type: "image/png",
          medium: "image",
          filesize: String(PNG.length),
        }),
      ]);
      const title = locale === "es" ? "Con imagen propia" : "With its own image";
      const description = raw.find((i) => i.link.endsWith(slug))?.["media:content"]?.["media:description"];
      expect(description).toEqual({ "#text": `${title} · Riesgos IA`, "@_type": "plain" });
    }
  });

  it("every item has an image: articles without one of their own carry their share card, 1200 × 630 PNG", async () => {
    for (const locale of ["es", "en"] as const) {
      const { entries, raw } = await feed(locale);
      expect(entries.length).toBeGreaterThan(3);
      for (const entry of entries) {
        expect(entry.media, entry.link).toHaveLength(1);
        const description = raw.find((i) => i.link === entry.link)?.["media:content"]?.["media:description"];
        expect(description?.["#text"], entry.link).toMatch(/ · Riesgos IA$/);
      }
      const seeded = entries.find((e) => e.link.endsWith("/noticias/deepfakes-elecciones-normas-europeas"));
      expect(seeded?.media).toEqual([
        {
          url: `${SITE}/og/${locale}/noticias/deepfakes-elecciones-normas-europeas.png`,
          type: "image/png",
          medium: "image",
          width: "1200",
          height: "630",
        },
      ]);
    }
  });
});
