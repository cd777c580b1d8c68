import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

// What the form shows before a submit, and what it says when the submit's own texts cannot be fetched; the
// rest of the namespace is fetched in the browser on first use (deferredTexts).
const KEYS = ["label", "placeholder", "submit", "honeypot", "note", "archiveLink", "errorTitle", "failure"] as const;

/** The signup form's texts that travel with the page (`newsletterSignup` messages). */
export type NewsletterSignupTexts = Record<(typeof KEYS)[number], string>;

const byLocale = new Map<Locale, NewsletterSignupTexts>();

/**
 * The texts the server hands to every signup form of a page. One object per language, always the same: the
 * page's payload writes an object once however many forms receive it (footer, home sidebar, contact page).
 */
export function newsletterSignupTexts(locale: Locale): NewsletterSignupTexts {
  let texts = byLocale.get(locale);
  if (!texts) {
    const t = translatorFor(locale, "newsletterSignup");
    texts = Object.fromEntries(KEYS.map((key) => [key, t(key)])) as NewsletterSignupTexts;
    byLocale.set(locale, texts);
  }
  return texts;
}
