import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { type NewsFilters, parseFilters } from "~/features/articles/ui/news-filters.ts";
import { NewsPage, newsPageMetadata } from "~/features/articles/ui/news-page.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return newsPageMetadata((await params).locale);
}

function filtersOf(query: Record<string, string | string[] | undefined>): NewsFilters {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, v);
  return parseFilters(search);
}

/**
 * /noticias with filters in its query (?tema=…&tipo=…): the proxy rewrites such a request here (its own path is
 * a 404), so the filtered list is in the HTML for readers without JavaScript while /noticias stays cached.
 */
export default async function FilteredNewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NewsPage locale={locale} filters={filtersOf(await searchParams)} />;
}

// Rendered per request (query), with a nonce CSP: the proxy gives one to every request it rewrites here.
export const dynamic = "force-dynamic";
