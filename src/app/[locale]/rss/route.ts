import { getTranslations } from "next-intl/server";
import { isLocale, locales } from "~/i18n/routing.ts";
import { siteUrl } from "~/lib/seo.ts";
import { db } from "~/server/db.ts";
import { buildRssFeed } from "~/server/services/articles/feed.ts";

// /rss (Spanish) and /en/rss (English); cached and revalidated on publish (revalidatePublicContent).
export const revalidate = 300;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_req: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const t = await getTranslations({ locale, namespace: "feeds" });
  const xml = await buildRssFeed(db, {
    locale,
    siteUrl: siteUrl(),
    title: t("title"),
    description: t("description"),
    copyright: t("copyright"),
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
}
