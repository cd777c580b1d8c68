import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";

const KEYS = [
  "title",
  "intro",
  "message",
  "messageHint",
  "sourceUrl",
  "email",
  "emailHint",
  "website",
  "submit",
  "submitting",
  "success",
  "tooFast",
  "tooMany",
  "invalid",
  "failure",
  "required",
] as const;

/** The report form's texts (`readerReports` messages); `invalid` keeps its `{field}` placeholder. */
export type ReportErrorTexts = Record<(typeof KEYS)[number], string>;

const byLocale = new Map<Locale, ReportErrorTexts>();

/** One object per language: the article pages hand it to their form without a message runtime in the browser. */
export function reportErrorTexts(locale: Locale): ReportErrorTexts {
  let texts = byLocale.get(locale);
  if (!texts) {
    const t = translatorFor(locale, "readerReports");
    texts = Object.fromEntries(
      KEYS.map((key) => [key, key === "invalid" ? t(key, { field: "{field}" }) : t(key)]),
    ) as ReportErrorTexts;
    byLocale.set(locale, texts);
  }
  return texts;
}
