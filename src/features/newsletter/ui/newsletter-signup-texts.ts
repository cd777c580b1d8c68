import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

const KEYS = [
  "label",
  "placeholder",
  "submit",
  "submitting",
  "subscribed",
  "errorTitle",
  "emptyBlock",
  "emptyContact",
  "successTitle",
  "successDefault",
  "contactSuccessTitle",
  "contactSuccessBody",
  "subscriptionFailed",
  "invalidEmail",
  "tooManyRequests",
  "tooManyRequestsSoon",
  "failure",
  "failureContact",
  "honeypot",
  "note",
  "archiveLink",
] as const;

/** The signup form's texts (`newsletterSignup` messages); `tooManyRequests` keeps its `{seconds}` placeholder. */
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
    texts = Object.fromEntries(
      KEYS.map((key) => [key, key === "tooManyRequests" ? t(key, { seconds: "{seconds}" }) : t(key)]),
    ) as NewsletterSignupTexts;
    byLocale.set(locale, texts);
  }
  return texts;
}
