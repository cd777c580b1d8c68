import type { Locale } from "~/platform/i18n/locales.ts";
import { TOPICS } from "~/platform/i18n/taxonomy.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { type CardTexts, cardTexts } from "./card-texts.ts";

const FILTER_KEYS = [
  "label",
  "all",
  "topic",
  "type",
  "date",
  "tags",
  "anyType",
  "anyDate",
  "week",
  "month",
  "year",
  "clear",
  "clearAll",
  "active",
  "removeFilter",
  "sort",
  "newest",
  "oldest",
  "results",
  "loading",
  "empty",
  "emptyHint",
  "loadMore",
  "loadingMore",
  "apply",
] as const;

/**
 * What the /noticias explorer says: the `filters` texts (`removeFilter` with its `{label}` placeholder,
 * `results` as the catalog's plural text, read with pluralText), the topic labels and the cards' texts.
 */
export interface NewsExplorerTexts {
  filters: Record<(typeof FILTER_KEYS)[number], string>;
  topics: Record<string, string>;
  cards: CardTexts;
}

const byLocale = new Map<Locale, NewsExplorerTexts>();

/** The explorer's texts in `locale`, made once per language from the catalog. */
export function newsExplorerTexts(locale: Locale): NewsExplorerTexts {
  let texts = byLocale.get(locale);
  if (!texts) {
    const t = translatorFor(locale, "filters");
    const topics = translatorFor(locale, "taxonomy.topics");
    const filters = Object.fromEntries(
      FILTER_KEYS.map((key) => {
        if (key === "results") return [key, String(t.raw(key))];
        if (key === "removeFilter") return [key, t(key, { label: "{label}" })];
        return [key, t(key)];
      }),
    ) as NewsExplorerTexts["filters"];
    texts = {
      filters,
      topics: Object.fromEntries(TOPICS.map((topic) => [topic, topics(topic)])),
      cards: cardTexts(locale),
    };
    byLocale.set(locale, texts);
  }
  return texts;
}
