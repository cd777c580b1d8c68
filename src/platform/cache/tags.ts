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

/** A change of published content: its kind, and the items it touched (`slug` for one, `slugs` for several). */
export type PublicChange = { kind: "article" | "interview"; slug?: string; slugs?: readonly string[] };

/** The tags a change of published content expires: its kind's lists and the pages of each item it names. */
export function tagsForChange(change: PublicChange): string[] {
  const slugs = [...(change.slug ? [change.slug] : []), ...(change.slugs ?? [])];
  if (change.kind === "article") return [CACHE_TAGS.articles, ...slugs.map(CACHE_TAGS.article)];
  return [CACHE_TAGS.interviews, ...slugs.map(CACHE_TAGS.interview)];
}
