import type { Locale } from "./locales.ts";

/**
 * Texts an island needs only once the reader acts (a submit's answers, a form behind a disclosure), fetched
 * in the browser from the catalog's own files on first use rather than written into every page's payload.
 * Each language's file is a chunk of its own. They are the catalog's raw messages, so only plain texts and
 * `{name}` placeholders (filled with fillText) belong here: tests/unit/deferred-texts.test.ts holds each one
 * equal to what the server's translator gives.
 */
const AREAS = {
  newsletterSignup: {
    es: () => import("../../../messages/es/newsletter.json").then((m) => m.default.newsletterSignup),
    en: () => import("../../../messages/en/newsletter.json").then((m) => m.default.newsletterSignup),
  },
  readerReports: {
    es: () => import("../../../messages/es/reader-reports.json").then((m) => m.default.readerReports),
    en: () => import("../../../messages/en/reader-reports.json").then((m) => m.default.readerReports),
  },
} as const;

export type DeferredNamespace = keyof typeof AREAS;
/** A namespace's texts, as its Spanish file has them (both languages hold the same keys). */
export type DeferredTexts<N extends DeferredNamespace> = Awaited<ReturnType<(typeof AREAS)[N]["es"]>>;

const loaded = new Map<string, Promise<unknown>>();

/** One namespace's texts in `locale`, fetched once per page however many islands ask. */
export function deferredTexts<N extends DeferredNamespace>(namespace: N, locale: Locale): Promise<DeferredTexts<N>> {
  const key = `${namespace}:${locale}`;
  let texts = loaded.get(key);
  if (!texts) {
    texts = AREAS[namespace][locale]();
    loaded.set(key, texts);
    // A failed fetch (offline) is asked again on the next use.
    texts.catch(() => loaded.delete(key));
  }
  return texts as Promise<DeferredTexts<N>>;
}
