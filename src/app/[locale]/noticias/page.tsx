import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { NO_FILTERS } from "~/features/articles/ui/news-filters.ts";
import { NewsPage, newsPageMetadata } from "~/features/articles/ui/news-page.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return newsPageMetadata((await params).locale);
}

/**
 * /noticias without filters: rendered once into Next's cache like the other reader pages, with the newest 20
 * articles in its HTML. It never reads the query (that would make it render per request, and useSearchParams
 * in the explorer would leave the list out of the HTML): a query with filters is rewritten by the proxy (whose
 * matcher takes /noticias only with one of the filter parameters) to ../noticias-filtradas, which renders per
 * request; any other query gets this page from the cache without the proxy, and the explorer reads the URL
 * once it runs.
 */
export default async function NewsListPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NewsPage locale={locale} filters={NO_FILTERS} />;
}
