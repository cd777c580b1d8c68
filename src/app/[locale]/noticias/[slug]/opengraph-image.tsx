import { getTranslations } from "next-intl/server";
import { OG_SIZE, renderOgImage } from "~/components/site/og-image.tsx";
import { isLocale } from "~/i18n/routing.ts";
import { pick } from "~/lib/localized.ts";
import { taxonomyLabel } from "~/lib/taxonomy.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Riesgos IA";
// Rendered per request: with a revalidate time Next would store one image per slug ever requested, junk ones
// included. renderOgImage's Cache-Control lets browsers and shared caches keep them instead.
export const dynamic = "force-dynamic";

export default async function Image({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const { locale: raw, slug } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const article = await publicContent.article(slug);
  const types = await getTranslations({ locale, namespace: "taxonomy.types" });
  const cards = await getTranslations({ locale, namespace: "cards" });
  const site = await getTranslations({ locale, namespace: "site" });
  if (!article) return renderOgImage({ kicker: "404", title: site("name"), footer: site("tagline"), status: 404 });
  return renderOgImage({
    kicker: article.sponsored ? cards("industryUpdate") : taxonomyLabel(types, article.type),
    title: pick(locale, article.title_es, article.title_en),
    footer: article.date.toISOString().slice(0, 10),
  });
}
