import { getTranslations } from "next-intl/server";
import type { Locale } from "~/platform/i18n/locales.ts";
import type { PublicCorrection } from "../public-corrections.ts";

/** "27 de noviembre de 2026" / "27 November 2026": the day a correction was made, in Madrid. */
export function correctionDate(at: Date, locale: Locale) {
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "es-ES", {
    dateStyle: "long",
    timeZone: "Europe/Madrid",
  }).format(at);
}

/** The note in the page's language (Spanish when the editor wrote no English one). */
export const correctionText = (c: { es: string; en: string | null }, locale: Locale) =>
  locale === "en" && c.en ? c.en : c.es;

/** The article's public corrections, at its end: "Corrección, 27 de noviembre de 2026: …". */
export async function CorrectionNotes({ corrections, locale }: { corrections: PublicCorrection[]; locale: Locale }) {
  if (!corrections.length) return null;
  const t = await getTranslations({ locale, namespace: "corrections" });
  return (
    <section
      aria-labelledby="corrections"
      className="mt-10 border-t border-rule pt-6"
      data-testid="article-corrections"
    >
      <h2 id="corrections" className="sr-only">
        {t("heading")}
      </h2>
      {corrections.map((c) => (
        <p key={c.at.toISOString()} className="mt-2 text-sm" data-testid="article-correction">
          <strong>{t("label", { date: correctionDate(c.at, locale) })}</strong> {correctionText(c, locale)}
        </p>
      ))}
    </section>
  );
}
