import { getTranslations } from "next-intl/server";
import { OG_SIZE, renderOgImage } from "~/components/site/og-image.tsx";
import { isLocale } from "~/i18n/routing.ts";
import { pick } from "~/lib/localized.ts";
import { publicContent } from "~/server/cache/public-content.ts";

// SPEC §2: the interview's social image is 1200 × 630.
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Riesgos IA";
export const revalidate = 300;

export default async function Image({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { locale: raw, slug } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const interview = await publicContent.interview(slug);
  const t = await getTranslations({ locale, namespace: "interviewsPage" });
  const site = await getTranslations({ locale, namespace: "site" });
  if (!interview) return renderOgImage({ kicker: "404", title: site("name"), footer: site("tagline") });
  return renderOgImage({
    kicker: `${t("intro")} · ${interview.interviewee.name}`,
    title: pick(locale, interview.title_es, interview.title_en),
    footer: interview.date.toISOString().slice(0, 10),
  });
}
