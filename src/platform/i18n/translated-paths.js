/**
 * Pages whose English path is a translation of the Spanish one, as unprefixed paths (Spanish → English). The
 * sitemap, a page's hreflang links, its HTTP Link header (added by the page cache handler, which Next loads
 * unbundled: hence plain JavaScript) and its share card all read this one table, so they cannot name
 * different paths for the same page.
 */
/** @type {Readonly<Record<string, string>>} */
const TRANSLATED_PATHS = { "/correcciones": "/corrections" };

/** Families of pages whose English path translates the Spanish prefix (/autores/{slug} → /authors/{slug}). */
/** @type {Readonly<Record<string, string>>} */
const TRANSLATED_PREFIXES = { "/autores/": "/authors/" };

/**
 * Every translated page as [Spanish path, English path].
 * @returns {[string, string][]}
 */
export const translatedPaths = () => Object.entries(TRANSLATED_PATHS);

/**
 * A page's unprefixed path in `locale`, from its Spanish path ("/correcciones" → "/corrections" in English).
 * @param {"es" | "en"} locale
 * @param {string} spanishPath
 * @returns {string}
 */
export function pagePathIn(locale, spanishPath) {
  if (locale !== "en") return spanishPath;
  const exact = TRANSLATED_PATHS[spanishPath];
  if (exact) return exact;
  const prefix = Object.entries(TRANSLATED_PREFIXES).find(([es]) => spanishPath.startsWith(es));
  return prefix ? prefix[1] + spanishPath.slice(prefix[0].length) : spanishPath;
}

/**
 * A page's Spanish path, from its unprefixed path in `locale` ("/corrections" in English → "/correcciones").
 * @param {"es" | "en"} locale
 * @param {string} path
 * @returns {string}
 */
export function spanishPagePath(locale, path) {
  if (locale !== "en") return path;
  const exact = translatedPaths().find(([, en]) => en === path)?.[0];
  if (exact) return exact;
  const prefix = Object.entries(TRANSLATED_PREFIXES).find(([, en]) => path.startsWith(en));
  return prefix ? prefix[0] + path.slice(prefix[1].length) : path;
}
