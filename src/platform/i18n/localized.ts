import type { Locale } from "~/platform/i18n/routing.ts";

/** English where it exists and is not blank, otherwise the Spanish text (docs/product.md §1: Spanish fills the gaps). */
export function pick(locale: Locale, es: string, en: string | null | undefined): string;
export function pick(locale: Locale, es: string | null | undefined, en: string | null | undefined): string | null;
export function pick(locale: Locale, es: string | null | undefined, en: string | null | undefined) {
  if (locale === "en" && en && en.trim() !== "") return en;
  return es ?? null;
}

/** Same rule for list fields (Q&A pairs): English only when it has entries. */
export function pickList<T>(locale: Locale, es: T[], en: T[] | null | undefined): T[] {
  return locale === "en" && en && en.length > 0 ? en : es;
}
