import type { Context } from "@fedify/fedify";
import { Article } from "@fedify/vocab";
import { articleBySlug, publishedArticleById } from "~/features/articles/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { isLocale, type Locale } from "~/platform/i18n/locales.ts";
import type { FediverseData } from "./context.ts";

export interface ArticleTarget {
  articleId: string;
  slug: string;
  locale: Locale;
  /** For a reply to a reply: the top-level reply of its thread, which it is shown under. */
  threadId?: string;
}

/** An article page's path on our origin: `/noticias/{slug}` (es) or `/en/noticias/{slug}`. */
function pageOf(url: URL, origin: string): { locale: Locale; slug: string } | null {
  if (url.origin !== origin) return null;
  const page = /^(\/en)?\/noticias\/([^/]+)\/?$/.exec(url.pathname);
  return page ? { locale: page[1] ? "en" : "es", slug: decodeURIComponent(page[2]!) } : null;
}

/**
 * The published article an activity points at (a reply's inReplyTo, a Like's or Announce's object): one of our
 * article object ids (`/ap/articles/{locale}/{id}`) or its page URL. Unknown, unpublished, or English without
 * an English title: null, and nothing is stored.
 */
export async function articleTarget(ctx: Context<FediverseData>, uri: URL | null): Promise<ArticleTarget | null> {
  if (!uri) return null;
  const db: DbClient = ctx.data.db;
  const parsed = ctx.parseUri(uri);
  if (parsed?.type === "object" && parsed.class === Article) {
    const { locale, id } = parsed.values;
    if (!locale || !id || !isLocale(locale)) return null;
    const row = await publishedArticleById(db, id);
    if (!row || (locale === "en" && !row.title_en)) return null;
    return { articleId: row.id, slug: row.slug, locale };
  }
  const page = pageOf(uri, ctx.origin);
  if (!page) return null;
  const row = await articleBySlug(db, page.slug);
  if (row?.status !== "published" || (page.locale === "en" && !row.title_en)) return null;
  return { articleId: row.id, slug: row.slug, locale: page.locale };
}
