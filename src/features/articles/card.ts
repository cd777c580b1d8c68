import type { Locale } from "~/platform/i18n/routing.ts";

/**
 * What a card shows of an article (home, /noticias, related articles). Lists carry only this: the bodies and
 * sources of every listed article would otherwise travel through the data cache on each view and, for the
 * news explorer (a client component), into the page's RSC payload.
 */
export const ARTICLE_CARD_FIELDS = {
  slug: true,
  title_es: true,
  title_en: true,
  summary_es: true,
  summary_en: true,
  date: true,
  type: true,
  tags: true,
  topics: true,
  author: true,
  author_name: true,
  is_agent: true,
  sponsored: true,
  image_url: true,
} as const;

export type ArticleCardData = {
  slug: string;
  title_es: string;
  title_en: string | null;
  summary_es: string;
  summary_en: string | null;
  date: Date;
  type: string;
  tags: string[];
  topics: string[];
  author: string | null;
  author_name: string | null;
  is_agent: boolean;
  sponsored: boolean;
  image_url: string | null;
};

/** The card fields of a fuller article record. */
export function toArticleCard(a: ArticleCardData): ArticleCardData {
  return {
    slug: a.slug,
    title_es: a.title_es,
    title_en: a.title_en,
    summary_es: a.summary_es,
    summary_en: a.summary_en,
    date: a.date,
    type: a.type,
    tags: a.tags,
    topics: a.topics,
    author: a.author,
    author_name: a.author_name,
    is_agent: a.is_agent,
    sponsored: a.sponsored,
    image_url: a.image_url,
  };
}

/**
 * A card in one language only, for a client component's props: the text the reader sees in the Spanish
 * fields (pick() falls back to them) and no second language in the payload.
 */
export function inOneLanguage(a: ArticleCardData, locale: Locale): ArticleCardData {
  const en = locale === "en";
  const title = en && a.title_en?.trim() ? a.title_en : a.title_es;
  const summary = en && a.summary_en?.trim() ? a.summary_en : a.summary_es;
  return { ...a, title_es: title, title_en: null, summary_es: summary, summary_en: null };
}
