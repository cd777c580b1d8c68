import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { articleContent, inOneLanguage } from "~/features/articles/index.ts";
import { NewsExplorer } from "~/features/articles/ui/news-explorer.tsx";
import { newsExplorerTexts } from "~/features/articles/ui/news-explorer-texts.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { TRPCReactProvider } from "~/trpc/react.tsx";
import { PageHeader } from "~/ui/page-header.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "newsPage" });
  return pageMetadata({ locale, path: "/noticias", title: t("title"), description: t("description") });
}

export default async function NewsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("newsPage");
  const list = await getTranslations("directory");
  const [firstPage, facets] = await Promise.all([
    articleContent.articleList({ limit: 20 }),
    articleContent.articleFacets(),
  ]);
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("description")} />
      <div className="mt-8">
        <h2 className="sr-only">{list("listHeading")}</h2>
        {/* Rendered per request, so the explorer's own server render (the newest 20) is what readers without
            JavaScript get; a fallback copy of the list would only add a second copy to the page's payload. */}
        <Suspense>
          {/* The filters query the API from the browser; only this page needs the tRPC client. */}
          <TRPCReactProvider>
            <NewsExplorer
              initialPage={{ ...firstPage, items: firstPage.items.map((a) => inOneLanguage(a, locale)) }}
              tags={facets.tags}
              texts={newsExplorerTexts(locale)}
            />
          </TRPCReactProvider>
        </Suspense>
      </div>
    </main>
  );
}
