import { getTranslations } from "next-intl/server";
import { OG_SIZE, renderOgImage } from "~/components/site/og-image.tsx";
import { isLocale } from "~/i18n/routing.ts";
import { pick } from "~/lib/localized.ts";
import { taxonomyLabel } from "~/lib/taxonomy.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Riesgos IA";
export const revalidate = 300;

export default async function Image({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { locale: raw, slug } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const article = await publicContent.article(slug);
  const types = await getTranslations({ locale, namespace: "taxonomy.types" });
  const cards = await getTranslations({ locale, namespace: "cards" });
  const site = await getTranslations({ locale, namespace: "site" });
  if (!article) return renderOgImage({ kicker: "404", title: site("name"), footer: site("tagline") });
  return renderOgImage({
    kicker: article.sponsored ? cards("industryUpdate") : taxonomyLabel(types, article.type),
    title: pick(locale, article.title_es, article.title_en),
    footer: article.date.toISOString().slice(0, 10),
  });
}
