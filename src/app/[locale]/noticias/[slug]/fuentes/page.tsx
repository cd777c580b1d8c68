import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { articleContent } from "~/features/articles/index.ts";
import { SourcePassages } from "~/features/grounding/ui/source-passages.tsx";
import { verificationContent } from "~/features/publications/index.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";

type Params = Promise<{ locale: Locale; slug: string }>;

/** The article and its public verification; both null-safe for slugs without a page. */
async function load(slug: string) {
  const article = await articleContent.article(slug);
  if (!article) return null;
  const { verification } = await verificationContent.article(slug);
  return verification ? { article, verification } : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, slug } = await params;
  const found = await load(slug);
  if (!found) return { robots: { index: false } };
  const t = await getTranslations({ locale, namespace: "sourcesPage" });
  const title = pick(locale, found.article.title_es, found.article.title_en);
  // Passages of other sites' pages: readers may check them, search engines have no reason to index them.
  return {
    ...pageMetadata({
      locale,
      path: `/noticias/${slug}/fuentes`,
      title: t("title", { title }),
      description: t("description"),
    }),
    robots: { index: false, follow: true },
  };
}

export default async function ArticleSourcesPage({ params }: { params: Params }) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const found = await load(slug);
  if (!found) notFound();
  // Per source, the quotations and figures the article relies on (cached with the report, same tags).
  const facts = await verificationContent.facts(slug);
  return (
    <SourcePassages
      slug={slug}
      locale={locale}
      title={pick(locale, found.article.title_es, found.article.title_en)}
      verification={found.verification}
      facts={facts}
    />
  );
}
