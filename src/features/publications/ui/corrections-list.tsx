import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { pagePathIn } from "~/platform/i18n/translated-paths.js";
import { correctionDate, correctionText } from "./correction-notes.tsx";

/** The page's path in each language: /correcciones, /en/corrections (the one table of translated paths). */
export const CORRECTIONS_PATH = { es: "/correcciones", en: pagePathIn("en", "/correcciones") } as const;

/** Its metadata; pageMetadata knows the hreflang alternates of its two paths. */
export async function correctionsMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "corrections" });
  return pageMetadata({ locale, path: CORRECTIONS_PATH[locale], title: t("title"), description: t("description") });
}

type Row = {
  id: string;
  at: Date;
  es: string;
  en: string | null;
  slug: string;
  title_es: string;
  title_en: string | null;
};

/** /correcciones, /en/corrections: every public correction, newest first, each linked to its article. */
export async function CorrectionsList({ rows, locale }: { rows: Row[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "corrections" });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14" data-testid="corrections-page">
      <h1 className="font-serif text-4xl font-bold leading-tight">{t("title")}</h1>
      <p className="mt-4 text-muted">
        {t("intro")}{" "}
        <a href={localizedPath("/metodologia", locale)} className="text-accent-text underline">
          {t("method")}
        </a>
      </p>
      {rows.length === 0 && <p className="mt-8">{t("none")}</p>}
      <ol className="mt-8 space-y-6">
        {rows.map((r) => (
          <li key={r.id} className="border-b border-rule pb-5" data-testid="correction-row">
            <h2 className="font-serif text-lg font-bold">
              <a href={localizedPath(`/noticias/${r.slug}`, locale)} className="hover:underline">
                {pick(locale, r.title_es, r.title_en)}
              </a>
            </h2>
            <p className="mt-1 text-sm">
              <strong>{t("label", { date: correctionDate(r.at, locale) })}</strong> {correctionText(r, locale)}
            </p>
          </li>
        ))}
      </ol>
    </main>
  );
}

/** The route parameters of the corrections page (src/app/[locale]/correcciones and /corrections). */
export type CorrectionsParams = Promise<{ locale: Locale }>;

export const correctionsPageMetadata = async ({ params }: { params: CorrectionsParams }) =>
  correctionsMetadata((await params).locale);

/**
 * The page at CORRECTIONS_PATH[pathLocale]: a visit in the other language is sent (308) to that language's
 * own path; `rows` reads the corrections (the feature's cache, passed by the route).
 */
export async function correctionsPageFor(
  { locale }: { locale: Locale },
  pathLocale: Locale,
  rows: () => Promise<Row[]>,
) {
  if (locale !== pathLocale) permanentRedirect(localizedPath(CORRECTIONS_PATH[locale], locale));
  setRequestLocale(locale);
  return <CorrectionsList rows={await rows()} locale={locale} />;
}
