import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { articleContent } from "~/features/articles/index.ts";
import { ArticleCard } from "~/features/articles/ui/article-card.tsx";
import { NewsExplorer } from "~/features/articles/ui/news-explorer.tsx";
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
  // Without JavaScript (and until the filters hydrate) readers get the newest 20 articles, server-rendered.
  const staticList = (
    <div className="mt-8 grid gap-x-8 gap-y-10 md:grid-cols-2" data-testid="news-static">
      {firstPage.items.map((a) => (
        <ArticleCard key={a.slug} article={a} />
      ))}
    </div>
  );
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("description")} />
      <div className="mt-8">
        <h2 className="sr-only">{list("listHeading")}</h2>
        <Suspense fallback={staticList}>
          {/* The filters query the API from the browser; only this page needs the tRPC client. */}
          <TRPCReactProvider>
            <NewsExplorer initialPage={firstPage} tags={facets.tags} />
          </TRPCReactProvider>
        </Suspense>
      </div>
    </main>
  );
}
