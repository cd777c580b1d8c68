import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { verificationContent } from "~/features/publications/index.ts";
import {
  CORRECTIONS_PATH,
  CorrectionsList,
  correctionsMetadata,
} from "~/features/publications/ui/corrections-list.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";

type Params = Promise<{ locale: Locale }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return correctionsMetadata((await params).locale);
}

/** /en/corrections: the English path of /correcciones (a Spanish visit of /corrections goes there). */
export default async function CorrectionsPageEn({ params }: { params: Params }) {
  const { locale } = await params;
  if (locale === "es") permanentRedirect(CORRECTIONS_PATH.es);
  setRequestLocale(locale);
  return <CorrectionsList rows={await verificationContent.corrections()} locale={locale} />;
}
