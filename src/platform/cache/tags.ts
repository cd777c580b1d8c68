/**
 * Data-cache tags of the public reads (src/server/cache/public-content.ts). One tag per kind of content
 * and one per item, so a change to one article expires exactly the lists and the pages that show it.
 */
export const CACHE_TAGS = {
  /** Every list, count or feed built from published articles (home, /noticias, facets, RSS, sitemap). */
  articles: "public:articles",
  article: (slug: string) => `public:article:${slug}`,
  /** Lists of published interviews (home, /entrevistas, referent profiles, sitemap). */
  interviews: "public:interviews",
  interview: (slug: string) => `public:interview:${slug}`,
  /** Referents, companies, applications, resources: seed-managed, refreshed by time only. */
  directories: "public:directories",
  /** Metodología, Publicidad and the contact settings: seed-managed, refreshed by time only. */
  editorial: "public:editorial",
} as const;

export type PublicChange = { kind: "article" | "interview"; slug?: string };

/** The tags a change of published content expires: its kind's lists and, with a slug, the item itself. */
export function tagsForChange(change: PublicChange): string[] {
  if (change.kind === "article") {
    return [CACHE_TAGS.articles, ...(change.slug ? [CACHE_TAGS.article(change.slug)] : [])];
  }
  return [CACHE_TAGS.interviews, ...(change.slug ? [CACHE_TAGS.interview(change.slug)] : [])];
}
