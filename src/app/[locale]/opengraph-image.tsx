import { getTranslations } from "next-intl/server";
import { OG_SIZE, renderOgImage } from "~/components/site/og-image.tsx";
import { isLocale } from "~/i18n/routing.ts";

export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Riesgos IA";

export default async function Image({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "es", namespace: "home" });
  const site = await getTranslations({ locale: isLocale(locale) ? locale : "es", namespace: "site" });
  return renderOgImage({ kicker: t("heroKicker"), title: t("heroTitle"), footer: site("tagline") });
}
