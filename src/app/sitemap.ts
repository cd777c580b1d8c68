import type { MetadataRoute } from "next";
import { absoluteUrl } from "~/lib/seo.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export const revalidate = 300;

/** The public pages of SPEC §2 that have no slug (login/register/admin/unsubscribe/search are left out). */
export const STATIC_PATHS = [
  "/",
  "/noticias",
  "/entrevistas",
  "/referentes",
  "/empresas",
  "/aplicaciones",
  "/recursos",
  "/servicios",
  "/contacto",
  "/metodologia",
  "/publicidad",
] as const;

/** Every public URL in both languages, each with its hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [articles, interviews, referents] = await Promise.all([
    publicContent.articleRefs(),
    publicContent.interviewRefs(),
    publicContent.referentRefs(),
  ]);
  const pages: { path: string; lastModified?: Date }[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...articles.map((a) => ({ path: `/noticias/${a.slug}`, lastModified: a.updated_at })),
    ...interviews.map((i) => ({ path: `/entrevistas/${i.slug}`, lastModified: i.updated_at })),
    ...referents.map((r) => ({ path: `/referentes/${r.slug}`, lastModified: r.updated_at })),
  ];
  return pages.flatMap(({ path, lastModified }) =>
    (["es", "en"] as const).map((locale) => ({
      url: absoluteUrl(locale, path),
      lastModified,
      alternates: { languages: { es: absoluteUrl("es", path), en: absoluteUrl("en", path) } },
    })),
  );
}
