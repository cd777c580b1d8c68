import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { TRPCReactProvider } from "~/trpc/react.tsx";
import { PageHeader } from "~/ui/page-header.tsx";
import { inOneLanguage } from "../card.ts";
import { newsFirstPage } from "../news-list.ts";
import { NewsExplorer } from "./news-explorer.tsx";
import { newsExplorerTexts } from "./news-explorer-texts.ts";
import type { NewsFilters } from "./news-filters.ts";

/** /noticias's metadata, filtered or not: one canonical page. */
export async function newsPageMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "newsPage" });
  return pageMetadata({ locale, path: "/noticias", title: t("title"), description: t("description") });
}

/**
 * /noticias rendered for `filters`: the cached page for none, the per-request page for a query's. The
 * explorer's server render holds the first page as cards (links to each article): the list is whole in the
 * HTML, and the browser's explorer takes it over as its first page.
 */
export async function NewsPage({ locale, filters }: { locale: Locale; filters: NewsFilters }) {
  const t = await getTranslations({ locale, namespace: "newsPage" });
  const list = await getTranslations({ locale, namespace: "directory" });
  const { page, facets } = await newsFirstPage(filters);
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("description")} />
      <div className="mt-8">
        <h2 className="sr-only">{list("listHeading")}</h2>
        {/* The filters query the API from the browser; only this page needs the tRPC client. */}
        <TRPCReactProvider>
          <NewsExplorer
            basePath={localizedPath("/noticias", locale)}
            initialFilters={filters}
            initialPage={{ ...page, items: page.items.map((a) => inOneLanguage(a, locale)) }}
            tags={facets.tags}
            texts={newsExplorerTexts(locale)}
            renderedAt={Date.now()}
          />
        </TRPCReactProvider>
      </div>
    </main>
  );
}
