import { DEFAULT_AUTHOR, displayAuthor } from "~/features/articles/index.ts";
import { SITE_NAME, siteUrl } from "~/platform/http/page-metadata.ts";

type Thing = Record<string, unknown>;

/** The site as schema.org Organization, with a raster logo (src/app/logo.png) as search engines require. */
export function publisherJsonLd(): Thing {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: siteUrl(),
    logo: { "@type": "ImageObject", url: `${siteUrl()}/logo.png`, width: 512, height: 512 },
  };
}

/**
 * Who wrote a piece: a sponsored piece is credited to its sponsor, and the editorial desk (or the brand) is
 * an Organization; only a named person is a Person. Names never carry labels such as '(contenido
 * patrocinado)': the sponsor's own name comes from `author`, not the displayed `author_name`.
 */
export function authorJsonLd(piece: {
  author?: string | null;
  author_name?: string | null;
  is_agent?: boolean;
  sponsored?: boolean;
}): Thing {
  if (piece.sponsored) {
    const sponsor = (piece.author ?? "").trim() || displayAuthor(piece).name.replace(/\s*\([^)]*\)\s*$/, "");
    return { "@type": "Organization", name: sponsor };
  }
  const { name } = displayAuthor(piece);
  if (name === DEFAULT_AUTHOR || name.includes(SITE_NAME)) return { "@type": "Organization", name, url: siteUrl() };
  return { "@type": "Person", name };
}

/** Hosts whose URLs name one person's own profile (never an institution's home page). */
const PROFILE_URL = [
  /^https:\/\/(www\.)?linkedin\.com\/in\/[^/]+/,
  /^https:\/\/(www\.)?(twitter|x)\.com\/[^/]+\/?$/,
  /^https:\/\/orcid\.org\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/,
  /^https:\/\/scholar\.google\.[a-z.]+\/citations\?user=/,
  /^https:\/\/([a-z]+\.)?wikipedia\.org\/wiki\/[^/]+$/,
  /^https:\/\/bsky\.app\/profile\/[^/]+$/,
];

/** A referent's `sameAs`: only the links that are that person's own profiles, not the sites they work with. */
export function personSameAs(links: { url: string }[]): string[] {
  return links.map((l) => l.url).filter((url) => PROFILE_URL.some((re) => re.test(url)));
}

/**
 * The type of work as schema.org names it: sponsored pieces ("Novedad de la industria") are
 * AdvertiserContentArticle, analyses AnalysisNewsArticle, interviews ReportageNewsArticle, the rest NewsArticle.
 */
export function articleSchemaType(article: { type: string; sponsored: boolean }): string {
  if (article.sponsored || article.type === "novedad-industria") return "AdvertiserContentArticle";
  if (article.type === "analisis") return "AnalysisNewsArticle";
  if (article.type === "entrevista") return "ReportageNewsArticle";
  return "NewsArticle";
}
