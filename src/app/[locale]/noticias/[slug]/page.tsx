import { getTranslations } from "next-intl/server";
import { AUTHOR_PATH, articleContent, authorSlug, displayAuthor } from "~/features/articles/index.ts";
import { ArticleCard } from "~/features/articles/ui/article-card.tsx";
import { ArticleImage, articleImageJsonLd } from "~/features/articles/ui/article-image.tsx";
import { Byline } from "~/features/articles/ui/byline.tsx";
import { TagList } from "~/features/articles/ui/tag-list.tsx";
import { TopicBadges } from "~/features/articles/ui/topic-badges.tsx";
import { fediverseActor } from "~/features/fediverse/lookup.ts";
import { ArticleReplies } from "~/features/fediverse/ui/article-replies.tsx";
import { VerificationBox } from "~/features/grounding/ui/verification-box.tsx";
import { correctionsJsonLd, verificationContent } from "~/features/publications/index.ts";
import { CorrectionNotes } from "~/features/publications/ui/correction-notes.tsx";
import { ResponsibilityLine, responsibilityText } from "~/features/publications/ui/responsibility-line.tsx";
import { ReportError } from "~/features/reader-reports/ui/report-error.tsx";
import { articleSchemaType, authorJsonLd, publisherJsonLd } from "~/features/seo/index.ts";
import { itemRoute } from "~/features/seo/ui/item-route.tsx";
import { absoluteUrl, pageMetadata, SITE_NAME, shareCardUrl } from "~/platform/http/page-metadata.ts";
import { truncate } from "~/platform/i18n/format.ts";
import { localizedPath } from "~/platform/i18n/locales.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";
import { ExternalLinks } from "~/ui/external-links.tsx";
import { SectionHeading } from "~/ui/page-header.tsx";
import { Prose } from "~/ui/prose.tsx";
import { StaticMarkup } from "~/ui/static-markup/static-markup.tsx";

/** Each article is rendered into Next's cache on its first request and served from it until a write expires it. */
const route = itemRoute({
  kind: "article",
  load: articleContent.article,
  moved: articleContent.movedSlug,
  metadata: async (article, { locale, slug }) => {
    const title = pick(locale, article.title_es, article.title_en);
    const meta = pageMetadata({
      locale,
      path: `/noticias/${slug}`,
      title,
      description: truncate(pick(locale, article.summary_es, article.summary_en), 160),
      type: "article",
      imageAlt: `${title} · ${SITE_NAME}`,
    });
    const creator = await fediverseActor(locale);
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
      // Mastodon credits link previews of the page to the language's actor.
      ...(creator ? { other: { "fediverse:creator": creator.handle } } : {}),
    };
  },
  jsonLd: async (article, { locale, slug }) => {
    const { corrections, responsibility } = await verificationContent.article(slug);
    const reviewed = responsibility?.kind === "reviewed" ? responsibility : null;
    const modified = reviewed && reviewed.at > article.updated_at ? reviewed.at : article.updated_at;
    return {
      "@type": articleSchemaType(article),
      articleSection: (await getTranslations({ locale, namespace: "taxonomy.types" }))(article.type),
      headline: pick(locale, article.title_es, article.title_en),
      description: pick(locale, article.summary_es, article.summary_en),
      datePublished: article.date.toISOString(),
      inLanguage: locale,
      url: absoluteUrl(locale, `/noticias/${slug}`),
      mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(locale, `/noticias/${slug}`) },
      // The share card, then a generated image with its IPTC digital source type.
      image: [shareCardUrl(locale, `/noticias/${slug}`), articleImageJsonLd(article.image_url, locale)].filter(Boolean),
      author: authorJsonLd(article),
      publisher: publisherJsonLd(),
      keywords: article.tags.join(", "),
      ...(article.sponsored ? { sponsor: authorJsonLd(article) } : {}),
      // Who answers for an AI-drafted article: the editor, and the reader's disclosure (docs/verification-public.md).
      ...(reviewed ? { editor: { "@type": "Person", name: reviewed.editor } } : {}),
      ...(responsibility ? { creativeWorkStatus: await responsibilityText(responsibility, locale) } : {}),
      // Corrections as CorrectionComment, and dateModified no earlier than the newest one (or the approval).
      ...correctionsJsonLd(corrections, modified, locale),
    };
  },
  back: { href: "/noticias", namespace: "articlePage" },
  render: async (article, { locale, backLink }) => {
    // The sources come with the reader notes: only those the site could read (or never tried to) are listed.
    const [t, cards, types, related, { sources, verification, corrections, responsibility }] = await Promise.all([
      getTranslations("articlePage"),
      getTranslations("cards"),
      getTranslations("taxonomy.types"),
      articleContent.relatedArticles({ slug: article.slug, topics: article.topics }),
      verificationContent.article(article.slug),
    ]);
    const title = pick(locale, article.title_es, article.title_en);
    const summary = pick(locale, article.summary_es, article.summary_en);
    const author = displayAuthor(article);
    return (
      <>
        {/* The article and its related cards hold no control: static markup, not sent twice (StaticMarkup). */}
        <StaticMarkup as="article" className="mx-auto max-w-3xl" data-testid="article">
          {backLink}
          <header>
            <div className="flex flex-wrap items-center gap-2">
              {article.sponsored ? (
                <Badge variant="sponsored" data-testid="sponsored-label">
                  {cards("industryUpdate")}
                </Badge>
              ) : (
                <span className="kicker" data-testid="type-of-work">
                  {taxonomyLabel(types, article.type)}
                </span>
              )}
            </div>
            <h1 className="mt-4 font-serif text-4xl font-bold leading-[1.1] tracking-tight text-balance md:text-5xl">
              {title}
            </h1>
            <p className="mt-5 font-serif text-xl leading-relaxed text-muted md:text-2xl">{summary}</p>
            <div className="mt-6 flex flex-col gap-3 border-y border-rule py-4">
              <Byline
                piece={article}
                date={article.date}
                authorHref={
                  article.sponsored ? undefined : localizedPath(`${AUTHOR_PATH[locale]}/${authorSlug(article)}`, locale)
                }
              />
              <ResponsibilityLine responsibility={responsibility} locale={locale} />
              <TopicBadges topics={article.topics} />
            </div>
            {article.sponsored && (
              <p className="mt-4 rounded-md bg-sponsor px-4 py-3 text-sm text-sponsor-ink">
                {t("sponsoredNote", { sponsor: article.sponsor_label ?? article.author ?? author.name })}
              </p>
            )}
          </header>
          {article.image_url && <ArticleImage url={article.image_url} title={title} locale={locale} />}
          <Prose className="mt-10" markdown={pick(locale, article.body_es, article.body_en)} />
          {article.tags.length > 0 && (
            <div className="mt-10">
              <h2 className="sr-only">{t("tags")}</h2>
              <TagList tags={article.tags} max={article.tags.length} />
            </div>
          )}
          {sources.length > 0 && (
            <section
              aria-labelledby="sources"
              className="mt-10 rounded-md border border-rule bg-surface p-6"
              data-testid="sources"
            >
              <h2 id="sources" className="font-serif text-xl font-bold">
                {cards("sources")}
              </h2>
              <ExternalLinks links={sources} ordered className="mt-4 list-decimal space-y-2 pl-5 text-[0.95rem]" />
            </section>
          )}
          <CorrectionNotes corrections={corrections} locale={locale} />
          {verification && (
            <VerificationBox slug={article.slug} locale={locale} verification={verification}>
              <ResponsibilityLine responsibility={responsibility} locale={locale} className="mt-2 text-sm" />
            </VerificationBox>
          )}
        </StaticMarkup>
        <ArticleReplies slug={article.slug} locale={locale} />
        <ReportError slug={article.slug} locale={locale} />
        {related.length > 0 && (
          <StaticMarkup
            as="section"
            aria-labelledby="related"
            className="mx-auto mt-16 max-w-5xl"
            data-testid="related"
          >
            <SectionHeading id="related">{t("related")}</SectionHeading>
            <div className="grid gap-8 md:grid-cols-3">
              {related.map((a) => (
                <ArticleCard key={a.slug} article={a} size="small" />
              ))}
            </div>
          </StaticMarkup>
        )}
      </>
    );
  },
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
