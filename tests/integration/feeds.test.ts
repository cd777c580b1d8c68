import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sitemap, { STATIC_PATHS } from "~/app/sitemap.ts";
import { db } from "~/server/db.ts";
import { buildRssFeed } from "~/server/services/articles/feed.ts";

const SITE = "https://riesgos-ia.example";
const DRAFT = `feeds-draft-${Date.now()}`;
const parser = new XMLParser({ ignoreAttributes: false });

beforeAll(async () => {
  // A draft with markup-looking text: it must stay out of the feeds and the sitemap.
  await db.article.create({
    data: { slug: DRAFT, title_es: "Borrador <b>&", summary_es: "x", body_es: "x", date: new Date(), status: "draft" },
  });
});
afterAll(async () => {
  await db.article.deleteMany({ where: { slug: DRAFT } });
});

async function rss(locale: "es" | "en") {
  const xml = await buildRssFeed(db, { locale, siteUrl: SITE, title: "Riesgos IA", description: "d", copyright: "c" });
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  const items = [doc.rss.channel.item].flat();
  return { doc, items };
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

describe("sitemap", () => {
  it("lists every public page in both languages with hreflang alternates", async () => {
    const [articles, interviews, referents] = await Promise.all([
      db.article.count({ where: { status: "published" } }),
      db.interview.count({ where: { status: "published" } }),
      db.referent.count(),
    ]);
    const entries = await sitemap();
    expect(entries).toHaveLength(2 * (STATIC_PATHS.length + articles + interviews + referents));
    const urls = entries.map((e) => e.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.some((u) => u.endsWith("/noticias/ai-act-obligaciones-modelos-uso-general"))).toBe(true);
    expect(urls.some((u) => u.includes(DRAFT))).toBe(false);
    const english = entries.find((e) => e.url.endsWith("/en/referentes/lucia-montaner"));
    expect(english?.alternates?.languages).toMatchObject({
      es: expect.stringMatching(/\/referentes\/lucia-montaner$/),
    });
  });
});
