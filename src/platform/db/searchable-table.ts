/**
 * A table the public search reads (src/features/search/search.ts): its generated tsvector columns
 * `search_es`/`search_en` (migration 20261121200000_full_text_search) and the SQL of the text shown per
 * language. Each owning feature describes its own tables; the search only assembles them.
 */
export type Localized = { es: string; en: string };

export interface SearchableTable<Kind extends string = string> {
  kind: Kind;
  table: string;
  /** Which rows are public (published articles and interviews; every directory row). */
  where: string;
  title: Localized;
  body: Localized;
  /** A short part of body (the summary) that is enough for the snippet when it holds a match. */
  lead?: Localized;
  date: string;
}

/** A translated column: Spanish, and in English the English text falling back to the Spanish one. */
export const translated = (column: string): Localized => ({
  es: `${column}_es`,
  en: `coalesce(${column}_en, ${column}_es)`,
});
/** A column with one text for both languages (names). */
export const sameInBoth = (column: string): Localized => ({ es: column, en: column });
/** Columns joined, per language, with a separator. */
export const joined = (separator: string, ...parts: Localized[]): Localized => ({
  es: parts.map((p) => p.es).join(` || '${separator}' || `),
  en: parts.map((p) => p.en).join(` || '${separator}' || `),
});
export const PUBLISHED_ONLY = `status = 'published'`;
/** Rows that carry no date of their own. */
export const NO_DATE = "NULL::timestamptz";
