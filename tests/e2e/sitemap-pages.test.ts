import { beforeAll, describe, expect, inject, it } from "vitest";
import { linkTags, metaTags } from "./interop-helpers.ts";

/**
 * Every page the sitemap lists, as crawlers meet it: its HTTP `Link` header names the same hreflang alternates
 * as its HTML and as the sitemap, and every share image it announces answers 200 as a PNG.
 */
const baseUrl = inject("baseUrl");
const site = inject("siteUrl");

type SitemapUrl = { loc: string; alternates: string[][] };

async function sitemapUrls(): Promise<SitemapUrl[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1] ?? "")?.[1] ?? "",
    alternates: [...(m[1] ?? "").matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      (a) => [a[1] ?? "", a[2] ?? ""],
    ),
  }));
}

/** The hreflang alternates of a Link header, as [hreflang, href]. */
const headerAlternates = (header: string) =>
  [...header.matchAll(/<([^>]+)>; rel="alternate"; hreflang="([^"]+)"/g)].map((m) => [m[2] ?? "", m[1] ?? ""]);

/** A URL written as the HTML writes it: the site's root is its bare origin (no trailing slash). */
const asHtml = (href: string) => (new URL(href).pathname === "/" ? new URL(href).origin : href);

/** Every sitemap page's HTML, and the share images it announces (image → where it was announced). */
async function crawl() {
  const urls = await sitemapUrls();
  expect(urls.length).toBeGreaterThan(20);
  const images = new Map<string, string>();
  const mismatches: string[] = [];
  for (const { loc, alternates } of urls) {
    expect(loc.startsWith(site), loc).toBe(true);
    const path = new URL(loc).pathname;
    const res = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
    expect(res.status, path).toBe(200);
    const html = await res.text();
    const inHtml = linkTags(html)
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => [l.hreflang, l.href]);
    const inHeader = headerAlternates(res.headers.get("link") ?? "");
    const inSitemap = alternates.map(([lang, href]) => [lang, asHtml(href ?? "")]);
    if (JSON.stringify(inHeader) !== JSON.stringify(inHtml))
      mismatches.push(`${path}: Link ${JSON.stringify(inHeader)} ≠ HTML ${JSON.stringify(inHtml)}`);
    if (JSON.stringify(inHtml) !== JSON.stringify(inSitemap))
      mismatches.push(`${path}: HTML ${JSON.stringify(inHtml)} ≠ sitemap ${JSON.stringify(inSitemap)}`);
    const meta = metaTags(html);
    for (const key of ["og:image", "twitter:image"])
      for (const image of meta.get(key) ?? []) images.set(image, `${path} ${key}`);
    expect(meta.get("og:image")?.length, path).toBeGreaterThan(0);
  }
  return { images, mismatches };
}

describe("every page of the sitemap", () => {
  let crawled: Awaited<ReturnType<typeof crawl>>;
  beforeAll(async () => {
    crawled = await crawl();
  }, 120_000);

  it("has a Link header naming the same hreflang alternates as its HTML and the sitemap", async () => {
    expect(crawled.mismatches).toEqual([]);
  });

  it("announces og:image and twitter:image that answer 200 as PNGs", async () => {
    const { images } = crawled;
    expect(images.size).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const [image, where] of images) {
      expect(image.startsWith(`${site}/`), image).toBe(true);
      const res = await fetch(`${baseUrl}${new URL(image).pathname}`, { redirect: "manual" });
      const type = res.headers.get("content-type");
      const bytes = new Uint8Array(await res.arrayBuffer());
      const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
      if (res.status !== 200 || type !== "image/png" || !png)
        broken.push(`${image} (from ${where}): ${res.status} ${type}`);
    }
    expect(broken).toEqual([]);
  });
});
