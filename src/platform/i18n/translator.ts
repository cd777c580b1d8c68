import { type AbstractIntlMessages, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import enCatalog from "../../../messages/en/index.ts";
import esCatalog from "../../../messages/es/index.ts";
import { deepMerge } from "./messages.ts";
import { isLocale, type Locale } from "./routing.ts";

/**
 * The catalog outside a request (e-mails, jobs, services): the same messages next-intl serves the pages,
 * English merged over Spanish so a missing English text falls back to the Spanish one (docs/product.md §4).
 */
type Catalog = typeof esCatalog;
const catalogs: Record<Locale, Catalog> = {
  es: esCatalog,
  en: deepMerge(esCatalog, enCatalog) as Catalog,
};

/** Unknown or absent languages read Spanish, the site's reference language. */
export function catalogLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : "es";
}

const options = {
  timeZone: "Europe/Madrid",
  // A key missing in both languages shows the key rather than throw (as on the pages, request.ts).
  onError: () => {},
  getMessageFallback: ({ namespace, key }: { namespace?: string; key: string }) =>
    namespace ? `${namespace}.${key}` : key,
} as const;

/** A typed translator for one namespace of the catalog, in the given language. */
export function translatorFor<N extends NamespaceKeys<Catalog, NestedKeyOf<Catalog>>>(
  locale: string | null | undefined,
  namespace: N,
) {
  const lang = catalogLocale(locale);
  return createTranslator({ ...options, locale: lang, messages: catalogs[lang], namespace });
}

/** A translator whose keys arrive as data (an error's reason, an outcome code): checked with `has` at run time. */
export interface CodeTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** The catalog's namespace for keys known only at run time, so the compiler cannot check them (`has` does). */
export function codeTranslatorFor(
  locale: string | null | undefined,
  namespace: keyof Catalog & string,
): CodeTranslator {
  const lang = catalogLocale(locale);
  const messages = catalogs[lang] as AbstractIntlMessages;
  return createTranslator({ ...options, locale: lang, messages, namespace }) as unknown as CodeTranslator;
}
