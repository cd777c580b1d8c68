import type { Locale } from "~/platform/i18n/locales.ts";
import { CONTENT_TYPES } from "~/platform/i18n/taxonomy.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

/** What an article card and its byline say besides the article (`cards` messages, content type labels). */
export interface CardTexts {
  industryUpdate: string;
  by: string;
  aiBadge: string;
  aiBadgeTitle: string;
  justNow: string;
  /** Labels of the known content types (`taxonomy.types`); others are humanised. */
  types: Record<string, string>;
}

const byLocale = new Map<Locale, CardTexts>();

/**
 * The card texts in `locale`, one object per language: the server's cards and the /noticias explorer (which
 * renders cards in the browser, handed this object as a prop) read the same texts without a message runtime.
 */
export function cardTexts(locale: Locale): CardTexts {
  let texts = byLocale.get(locale);
  if (!texts) {
    const t = translatorFor(locale, "cards");
    const types = translatorFor(locale, "taxonomy.types");
    texts = {
      industryUpdate: t("industryUpdate"),
      by: t("by"),
      aiBadge: t("aiBadge"),
      aiBadgeTitle: t("aiBadgeTitle"),
      justNow: t("justNow"),
      types: Object.fromEntries(CONTENT_TYPES.map((type) => [type, types(type)])),
    };
    byLocale.set(locale, texts);
  }
  return texts;
}
