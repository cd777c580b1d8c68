import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { articleContent } from "~/features/articles/index.ts";
import { ArticleCard } from "~/features/articles/ui/article-card.tsx";
import { HomeHero } from "~/features/articles/ui/home-hero.tsx";
import { SidebarSection } from "~/features/articles/ui/home-sidebar.tsx";
import { TrendingTopics } from "~/features/articles/ui/trending-topics.tsx";
import { directoryContent } from "~/features/directories/index.ts";
import { ApplicationCard, ReferentCard } from "~/features/directories/ui/directory-cards.tsx";
import { fediverseActor } from "~/features/fediverse/lookup.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { InterviewCard } from "~/features/interviews/ui/interview-card.tsx";
import { HomeNewsletter } from "~/features/newsletter/ui/home-newsletter.tsx";
import { NewsletterScrollButton } from "~/features/newsletter/ui/newsletter-scroll-button.tsx";
import { publisherJsonLd } from "~/features/seo/index.ts";
import { absoluteUrl, pageMetadata } from "~/platform/http/page-metadata.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Button } from "~/ui/button.tsx";
import { JsonLd, SectionHeading } from "~/ui/page-header.tsx";
import { StaticMarkup } from "~/ui/static-markup/static-markup.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "site" });
  const home = await getTranslations({ locale, namespace: "home" });
  const meta = pageMetadata({
    locale,
    path: "/",
    title: t("name"),
    description: home("heroSubtitle"),
    imageAlt: `${t("name")}: ${home("heroTitle")}`,
  });
  // The language's fediverse actor, so a Mastodon search for the site's address finds it.
  const actor = await fediverseActor(locale);
  return {
    ...meta,
    ...(actor
      ? {
          alternates: {
            ...meta.alternates,
            types: { ...meta.alternates?.types, "application/activity+json": actor.id },
          },
        }
      : {}),
    title: { absolute: `${t("name")}: ${t("tagline")}` },
  };
}

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");
  const site = await getTranslations("site");
  const cards = await getTranslations("cards");
  const [featured, latest, interviews, featuredInterview, applications, referents] = await Promise.all([
    articleContent.homeFeaturedArticle(),
    articleContent.latestArticles({ limit: 4, excludeFeatured: true }),
    interviewContent.interviews({ limit: 2 }),
    interviewContent.featuredInterview(),
    directoryContent.applications({ limit: 3 }),
    directoryContent.referents({ limit: 3 }),
  ]);

  const sidebar = [
    {
      title: t("featuredApps"),
      href: "/aplicaciones",
      linkLabel: t("allApps"),
      testId: "home-apps",
      body: applications.map((app) => <ApplicationCard key={app.slug} app={app} compact />),
    },
    {
      title: t("keyReferents"),
      href: "/referentes",
      linkLabel: t("allReferents"),
      testId: "home-referents",
      body: referents.map((r) => <ReferentCard key={r.slug} referent={r} compact />),
    },
    {
      title: t("essentialResources"),
      href: "/recursos",
      linkLabel: t("allResources"),
      testId: "home-resources",
      body: (
        <ul className="divide-y divide-rule border-y border-rule">
          {[
            { label: t("resourceAiAct"), url: "https://eur-lex.europa.eu/eli/reg/2024/1689/oj" },
            { label: t("resourceAiIndex"), url: "https://hai.stanford.edu/ai-index" },
            { label: t("resourceAlignmentForum"), url: "https://www.alignmentforum.org/" },
          ].map((r) => (
            <li key={r.url}>
              <a href={r.url} target="_blank" rel="noopener noreferrer" className="resource-link">
                {r.label} <span aria-hidden="true">↗</span>
              </a>
            </li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Organization",
          name: site("name"),
          url: absoluteUrl(locale, "/"),
          logo: publisherJsonLd().logo,
          description: site("tagline"),
        }}
      />
      <HomeHero
        subscribe={
          <NewsletterScrollButton size="lg" variant="outline">
            {t("subscribe")}
          </NewsletterScrollButton>
        }
      />
      <TrendingTopics />

      {/* Cards and links hold no control: static markup, in the HTML and not again in the payload (StaticMarkup). */}
      <StaticMarkup as="section" aria-labelledby="must-watch" className="mt-10" data-testid="home-interviews">
        <SectionHeading
          id="must-watch"
          action={
            <Link href="/entrevistas" className="text-sm font-semibold text-accent-text hover:underline">
              {t("allInterviews")} →
            </Link>
          }
        >
          {t("mustWatch")}
        </SectionHeading>
        <div className="grid gap-6 md:grid-cols-2">
          {interviews.map((interview, i) => (
            <InterviewCard key={interview.slug} interview={interview} isNew={i === 0} />
          ))}
        </div>
      </StaticMarkup>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <StaticMarkup as="div" className="min-w-0">
          {featured && (
            <section aria-label={cards("featured")} data-testid="home-featured">
              <ArticleCard article={featured} size="large" label={cards("featured")} headingLevel={2} />
            </section>
          )}
          <section aria-labelledby="latest-news" className="mt-12" data-testid="home-latest">
            <SectionHeading id="latest-news">{t("latest")}</SectionHeading>
            <div className="grid gap-x-8 gap-y-10 md:grid-cols-2">
              {latest.map((article) => (
                <ArticleCard key={article.slug} article={article} />
              ))}
            </div>
            <div className="mt-10">
              <Button asChild variant="secondary">
                <Link href="/noticias">{t("allNews")} →</Link>
              </Button>
            </div>
          </section>
          {featuredInterview && (
            <section
              aria-labelledby="featured-interview"
              className="mt-14 bg-ink p-6 text-paper md:p-10"
              data-testid="home-featured-interview"
            >
              <p className="text-xs font-bold uppercase tracking-[0.14em] text-paper/80">{t("featuredInterview")}</p>
              <h2 id="featured-interview" className="mt-3 font-serif text-2xl font-bold leading-tight md:text-4xl">
                {pick(locale, featuredInterview.title_es, featuredInterview.title_en)}
              </h2>
              <p className="mt-4 max-w-2xl text-paper/85 md:text-lg">
                {pick(locale, featuredInterview.intro_es, featuredInterview.intro_en)}
              </p>
              <Link
                href={`/entrevistas/${featuredInterview.slug}`}
                className="mt-6 inline-flex h-11 items-center rounded-md bg-paper px-5 font-semibold text-ink hover:bg-sand"
              >
                {t("readInterview")} →
              </Link>
            </section>
          )}
        </StaticMarkup>

        <aside className="space-y-10" data-testid="home-sidebar">
          <HomeNewsletter title={t("newsletterTitle")} text={t("newsletterText")} locale={locale} />
          <StaticMarkup as="div" className="space-y-10">
            {sidebar.map(({ body, ...section }) => (
              <SidebarSection key={section.testId} {...section}>
                {body}
              </SidebarSection>
            ))}
          </StaticMarkup>
        </aside>
      </div>
    </main>
  );
}
