import type { Locale } from "./locales.ts";

/**
 * Pages whose English path is a translation of the Spanish one, as unprefixed paths (Spanish → English). The
 * sitemap, a page's hreflang links, its HTTP Link header and its share card all read this one table, so they
 * cannot name different paths for the same page.
 */
const TRANSLATED_PATHS: Readonly<Record<string, string>> = { "/correcciones": "/corrections" };

/** Every translated page as [Spanish path, English path]. */
export const translatedPaths = (): [string, string][] => Object.entries(TRANSLATED_PATHS);

/** A page's unprefixed path in `locale`, from its Spanish path ("/correcciones" → "/corrections" in English). */
export function pagePathIn(locale: Locale, spanishPath: string): string {
  return locale === "en" ? (TRANSLATED_PATHS[spanishPath] ?? spanishPath) : spanishPath;
}

/** A page's Spanish path, from its unprefixed path in `locale` ("/corrections" in English → "/correcciones"). */
export function spanishPagePath(locale: Locale, path: string): string {
  if (locale !== "en") return path;
  return translatedPaths().find(([, en]) => en === path)?.[0] ?? path;
}
