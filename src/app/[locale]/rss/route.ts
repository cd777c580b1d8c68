import { getTranslations } from "next-intl/server";
import { isLocale, locales } from "~/i18n/routing.ts";
import { siteUrl } from "~/lib/seo.ts";
import { publicContent } from "~/server/cache/public-content.ts";

// /rss (Spanish) and /en/rss (English); cached and revalidated on publish (revalidatePublicContent).
export const revalidate = 300;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_req: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const t = await getTranslations({ locale, namespace: "feeds" });
  const xml = await publicContent.rssFeed({
    locale,
    siteUrl: siteUrl(),
    title: t("title"),
    description: t("description"),
    copyright: t("copyright"),
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
}
