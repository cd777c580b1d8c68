import { getTranslations } from "next-intl/server";
import { articleContent } from "~/features/articles/index.ts";
import { siteUrl } from "~/platform/http/page-metadata.ts";
import { isLocale } from "~/platform/i18n/routing.ts";

// /rss (Spanish) and /en/rss (English). Rendered per request so its links follow SITE_URL as the server
// runs; the XML itself sits in the data cache, expired on publish (invalidateArticles).
export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "es";
  const t = await getTranslations({ locale, namespace: "feeds" });
  const cards = await getTranslations({ locale, namespace: "cards" });
  const xml = await articleContent.rssFeed({
    locale,
    siteUrl: siteUrl(),
    title: t("title"),
    description: t("description"),
    copyright: t("copyright"),
    industryUpdate: cards("industryUpdate"),
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
}
