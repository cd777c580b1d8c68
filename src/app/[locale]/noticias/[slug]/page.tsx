import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { displayAuthor, listPublishedArticleRefs } from "~/features/articles/index.ts";
import { ArticleCard, Byline, TagList, TopicBadges } from "~/features/articles/ui/index.ts";
import { authorJsonLd, publisherJsonLd } from "~/features/seo/index.ts";
import { db } from "~/platform/db/db.ts";
import { absoluteUrl, pageMetadata, SITE_NAME, shareCardUrl } from "~/platform/http/page-metadata.ts";
import { truncate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { Link } from "~/platform/i18n/navigation.ts";
import { type Locale, locales } from "~/platform/i18n/routing.ts";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { publicContent } from "~/server/cache/public-content.ts";
import { Badge } from "~/ui/badge.tsx";
import { ExternalLinks } from "~/ui/external-links.tsx";
import { JsonLd, SectionHeading } from "~/ui/page-header.tsx";
import { Prose } from "~/ui/prose.tsx";

type Params = Promise<{ locale: Locale; slug: string }>;

/** Every published article is prerendered at build; newer ones render on first visit and are cached. */
export async function generateStaticParams() {
  const refs = await listPublishedArticleRefs(db);
  return locales.flatMap((locale) => refs.map((r) => ({ locale, slug: r.slug })));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, slug } = await params;
  const article = await publicContent.article(slug);
  if (!article) return { title: (await getTranslations({ locale, namespace: "notFound" }))("article") };
  const title = pick(locale, article.title_es, article.title_en);
  const meta = pageMetadata({
    locale,
    path: `/noticias/${slug}`,
    title,
    description: truncate(pick(locale, article.summary_es, article.summary_en), 160),
    type: "article",
    imageAlt: `${title} · ${SITE_NAME}`,
  });
  return {
    ...meta,
    openGraph: {
      ...meta.openGraph,
      type: "article",
      publishedTime: article.date.toISOString(),
      modifiedTime: article.updated_at.toISOString(),
      authors: [displayAuthor(article).name],
      tags: article.tags,
    },
  };
}

export default async function ArticlePage({ params }: { params: Params }) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const article = await publicContent.article(slug);
  if (!article) notFound();
  const [t, cards, types, related] = await Promise.all([
    getTranslations("articlePage"),
    getTranslations("cards"),
    getTranslations("taxonomy.types"),
    publicContent.relatedArticles({ slug: article.slug, topics: article.topics }),
  ]);
  const title = pick(locale, article.title_es, article.title_en);
  const summary = pick(locale, article.summary_es, article.summary_en);
  const author = displayAuthor(article);
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "NewsArticle",
          headline: title,
          description: summary,
          datePublished: article.date.toISOString(),
          dateModified: article.updated_at.toISOString(),
          inLanguage: locale,
          url: absoluteUrl(locale, `/noticias/${slug}`),
          mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(locale, `/noticias/${slug}`) },
          image: [shareCardUrl(locale, `/noticias/${slug}`)],
          author: authorJsonLd(article),
          publisher: publisherJsonLd(),
          keywords: article.tags.join(", "),
          ...(article.sponsored ? { sponsor: authorJsonLd(article) } : {}),
        }}
      />
      <article className="mx-auto max-w-3xl" data-testid="article">
        <nav aria-label="breadcrumb" className="mb-6 text-sm">
          <Link href="/noticias" className="font-semibold text-accent-text hover:underline">
            ← {t("back")}
          </Link>
        </nav>
        <header>
          <div className="flex flex-wrap items-center gap-2">
            {article.sponsored ? (
              <Badge variant="sponsored" data-testid="sponsored-label">
                {cards("industryUpdate")}
              </Badge>
            ) : (
              <span className="kicker">{taxonomyLabel(types, article.type)}</span>
            )}
          </div>
          <h1 className="mt-4 font-serif text-4xl font-bold leading-[1.1] tracking-tight text-balance md:text-5xl">
            {title}
          </h1>
          <p className="mt-5 font-serif text-xl leading-relaxed text-muted md:text-2xl">{summary}</p>
          <div className="mt-6 flex flex-col gap-3 border-y border-rule py-4">
            <Byline piece={article} date={article.date} />
            <TopicBadges topics={article.topics} />
          </div>
          {article.sponsored && (
            <p className="mt-4 rounded-md bg-sponsor px-4 py-3 text-sm text-sponsor-ink">
              {t("sponsoredNote", { sponsor: article.sponsor_label ?? article.author ?? author.name })}
            </p>
          )}
        </header>
        {article.image_url && (
          // biome-ignore lint/performance/noImgElement: editorial images from arbitrary hosts
          <img src={article.image_url} alt="" className="mt-8 aspect-[16/9] w-full rounded-sm object-cover" />
        )}
        <Prose className="mt-10" markdown={pick(locale, article.body_es, article.body_en)} />
        {article.tags.length > 0 && (
          <div className="mt-10">
            <h2 className="sr-only">{t("tags")}</h2>
            <TagList tags={article.tags} max={article.tags.length} />
          </div>
        )}
        {article.sources.length > 0 && (
          <section
            aria-labelledby="sources"
            className="mt-10 rounded-md border border-rule bg-surface p-6"
            data-testid="sources"
          >
            <h2 id="sources" className="font-serif text-xl font-bold">
              {cards("sources")}
            </h2>
            <ExternalLinks
              links={article.sources}
              ordered
              className="mt-4 list-decimal space-y-2 pl-5 text-[0.95rem]"
            />
          </section>
        )}
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related" className="mx-auto mt-16 max-w-5xl" data-testid="related">
          <SectionHeading id="related">{t("related")}</SectionHeading>
          <div className="grid gap-8 md:grid-cols-3">
            {related.map((a) => (
              <ArticleCard key={a.slug} article={a} size="small" />
            ))}
          </div>
        </section>
      )}
    </main>
  );
}
