import { locales } from "~/i18n/routing.ts";

/**
 * The public paths a change of published content affects, as the app's internal routes (`/[locale]/...`,
 * which is where next-intl rewrites `/` and `/en`). Exported for tests.
 */
export function affectedPaths(change: { kind: "article" | "interview"; slug?: string }): string[] {
  const paths: string[] = ["/sitemap.xml"];
  for (const locale of locales) {
    const base = `/${locale}`;
    paths.push(base, `${base}/buscar`);
    if (change.kind === "article") {
      paths.push(`${base}/noticias`, `${base}/rss`);
      if (change.slug) paths.push(`${base}/noticias/${change.slug}`, `${base}/noticias/${change.slug}/opengraph-image`);
    } else {
      paths.push(`${base}/entrevistas`);
      if (change.slug)
        paths.push(`${base}/entrevistas/${change.slug}`, `${base}/entrevistas/${change.slug}/opengraph-image`);
    }
  }
  return paths;
}

/**
 * Public pages are statically generated and cached; whenever published content changes, call this so
 * readers see the change without a rebuild: the item's pages in both languages, home, the lists, search,
 * the sitemap and (articles) the RSS feeds. Writers (publications, agents) only call it.
 */
export async function revalidatePublicContent(change: { kind: "article" | "interview"; slug?: string }): Promise<void> {
  try {
    const { revalidatePath } = await import("next/cache");
    for (const path of affectedPaths(change)) revalidatePath(path);
    // A referent profile lists the interviews linked to it; which referent is not known here.
    if (change.kind === "interview") revalidatePath("/[locale]/referentes/[slug]", "page");
  } catch {
    // Outside a Next.js request (tests, scripts) there is no cache to revalidate.
  }
}
