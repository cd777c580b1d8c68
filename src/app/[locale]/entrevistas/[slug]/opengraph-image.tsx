import { getTranslations } from "next-intl/server";
import { OG_SIZE, renderOgImage } from "~/components/site/og-image.tsx";
import { isLocale } from "~/i18n/routing.ts";
import { pick } from "~/lib/localized.ts";
import { publicContent } from "~/server/cache/public-content.ts";

// SPEC §2: the interview's social image is 1200 × 630.
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Riesgos IA";
// Rendered per request: with a revalidate time Next would store one image per slug ever requested, junk ones
// included. renderOgImage's Cache-Control lets browsers and shared caches keep them instead.
export const dynamic = "force-dynamic";

export default async function Image({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { locale: raw, slug } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const interview = await publicContent.interview(slug);
  const t = await getTranslations({ locale, namespace: "interviewsPage" });
  const site = await getTranslations({ locale, namespace: "site" });
  if (!interview) return renderOgImage({ kicker: "404", title: site("name"), footer: site("tagline"), status: 404 });
  return renderOgImage({
    kicker: `${t("intro")} · ${interview.interviewee.name}`,
    title: pick(locale, interview.title_es, interview.title_en),
    footer: interview.date.toISOString().slice(0, 10),
  });
}
