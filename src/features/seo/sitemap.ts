import { XMLBuilder } from "fast-xml-parser";
import { absoluteUrl } from "~/platform/http/page-metadata.ts";
import { translatedPaths } from "~/platform/i18n/translated-paths.js";
import { STATIC_PATHS } from "./static-paths.ts";

type Ref = { slug: string; updated_at: Date };

const alternate = (hreflang: string, href: string) => ({
  "@_rel": "alternate",
  "@_hreflang": hreflang,
  "@_href": href,
});

/**
 * Every public URL in both languages with its hreflang alternates (es, en, x-default). Written here rather
 * than by Next's sitemap.ts, which puts `xhtml:link` before `lastmod` where the sitemaps.org schema wants
 * loc, lastmod, then the elements of other namespaces. `lastmod` is the content's own change date; the
 * referents carry none of their own, so they have no lastmod.
 */
export function sitemapXml(refs: {
  articles: Ref[];
  interviews: Ref[];
  referents: { slug: string }[];
  newsletters?: { slug: string; sent_at: Date | null }[];
  authors?: { slug: string }[];
}): string {
  const pages: { path: string; lastmod?: Date; en?: string }[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    // Pages whose English path is a translation of the Spanish one (/correcciones, /en/corrections; the author
    // pages below).
    ...translatedPaths().map(([path, en]) => ({ path, en })),
    ...refs.articles.map((a) => ({ path: `/noticias/${a.slug}`, lastmod: a.updated_at })),
    ...refs.interviews.map((i) => ({ path: `/entrevistas/${i.slug}`, lastmod: i.updated_at })),
    ...refs.referents.map((r) => ({ path: `/referentes/${r.slug}` })),
    ...(refs.authors ?? []).map((a) => ({ path: `/autores/${a.slug}`, en: `/authors/${a.slug}` })),
    ...(refs.newsletters ? [{ path: "/newsletter" }] : []),
    ...(refs.newsletters ?? []).map((n) => ({ path: `/newsletter/${n.slug}`, lastmod: n.sent_at ?? undefined })),
  ];
  const url = pages.flatMap(({ path, lastmod, en = path }) =>
    (["es", "en"] as const).map((locale) => ({
      loc: absoluteUrl(locale, locale === "en" ? en : path),
      ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
      "xhtml:link": [
        alternate("es", absoluteUrl("es", path)),
        alternate("en", absoluteUrl("en", en)),
        alternate("x-default", absoluteUrl("es", path)),
      ],
    })),
  );
  return new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    urlset: {
      "@_xmlns": "http://www.sitemaps.org/schemas/sitemap/0.9",
      "@_xmlns:xhtml": "http://www.w3.org/1999/xhtml",
      url,
    },
  });
}
