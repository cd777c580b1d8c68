import type { DbClient } from "~/platform/db/client.ts";
import { slugify } from "~/platform/http/slugify.ts";
import { pagePathIn } from "~/platform/i18n/translated-paths.js";
import { displayAuthor } from "./authors.ts";
import { ARTICLE_CARD_FIELDS, type ArticleCardData } from "./card.ts";

/** An author page's slug: the displayed name's (docs/product.md §3 author rules), as a URL slug. */
export const authorSlug = (piece: { author?: string | null; author_name?: string | null }) =>
  slugify(displayAuthor(piece).name);

/**
 * The site path of an author's page in a language: /autores/{slug}, /en/authors/{slug}, from the one table of
 * translated paths (which the hreflang links and the HTTP Link header read too).
 */
export const AUTHOR_PATH = { es: "/autores", en: pagePathIn("en", "/autores/").replace(/\/$/, "") } as const;

const bylines = (db: DbClient) =>
  db.article.findMany({
    where: { status: "published", sponsored: false },
    select: { slug: true, author: true, author_name: true },
    orderBy: { date: "desc" },
  });

/**
 * The published articles an author signs, newest first (at most `limit`), and the name they sign with.
 * Sponsored pieces are the sponsor's, not an author's of the newsroom: they have no author page.
 */
export async function authorArticles(db: DbClient, slug: string, limit = 50) {
  const signed = (await bylines(db)).filter((a) => authorSlug(a) === slug);
  if (signed.length === 0) return { name: null, articles: [] as ArticleCardData[] };
  const articles = await db.article.findMany({
    where: { slug: { in: signed.slice(0, limit).map((a) => a.slug) } },
    select: ARTICLE_CARD_FIELDS,
    orderBy: { date: "desc" },
  });
  return { name: displayAuthor(signed[0] ?? {}).name, articles };
}

/** Every author that signs a published article, with the name shown: the sitemap's and the masthead's. */
export async function authorRefs(db: DbClient): Promise<{ slug: string; name: string }[]> {
  const bySlug = new Map<string, string>();
  for (const a of await bylines(db)) {
    const slug = authorSlug(a);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, displayAuthor(a).name);
  }
  return [...bySlug].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name));
}
