import { createTranslator } from "next-intl";
import enCatalog from "../../../messages/en/index.ts";
import esCatalog from "../../../messages/es/index.ts";
import { deepMerge } from "./messages.ts";
import { isLocale, type Locale } from "./routing.ts";

/**
 * The catalog outside a request (e-mails, jobs, services): the same messages next-intl serves the pages,
 * English merged over Spanish so a missing English text falls back to the Spanish one (SPEC §4).
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

/** A typed translator for one namespace of the catalog, in the given language. */
export function translatorFor<N extends keyof Catalog & string>(locale: string | null | undefined, namespace: N) {
  const lang = catalogLocale(locale);
  return createTranslator({
    locale: lang,
    messages: catalogs[lang],
    namespace,
    timeZone: "Europe/Madrid",
    // A key missing in both languages shows the key rather than throw (as on the pages, request.ts).
    onError: () => {},
    getMessageFallback: ({ namespace: ns, key }) => (ns ? `${ns}.${key}` : key),
  });
}
