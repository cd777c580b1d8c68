import { getTranslations } from "next-intl/server";
import { TopicBadges } from "~/features/articles/ui/topic-badges.tsx";
import { Initials } from "~/features/directories/ui/directory-cards.tsx";
import { interviewContent } from "~/features/interviews/index.ts";
import { authorJsonLd, publisherJsonLd } from "~/features/seo/index.ts";
import { itemRoute } from "~/features/seo/ui/item-route.tsx";
import { absoluteUrl, pageMetadata, shareCardUrl } from "~/platform/http/page-metadata.ts";
import { formatDate, truncate } from "~/platform/i18n/format.ts";
import { pick, pickList } from "~/platform/i18n/localized.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Badge } from "~/ui/badge.tsx";
import { ExternalLinks } from "~/ui/external-links.tsx";

const route = itemRoute({
  kind: "interview",
  load: interviewContent.interview,
  metadata: (interview, { locale, slug }) => {
    const meta = pageMetadata({
      locale,
      path: `/entrevistas/${slug}`,
      title: pick(locale, interview.title_es, interview.title_en),
      // docs/product.md §2: the interview's meta description is cut to 160 characters.
      description: truncate(pick(locale, interview.intro_es, interview.intro_en), 160),
      type: "article",
    });
    return { ...meta, openGraph: { ...meta.openGraph, type: "article", publishedTime: interview.date.toISOString() } };
  },
  jsonLd: async (interview, { locale, slug }) => {
    const t = await getTranslations({ locale, namespace: "interviewsPage" });
    const url = absoluteUrl(locale, `/entrevistas/${slug}`);
    const role = pick(locale, interview.interviewee.role_es ?? null, interview.interviewee.role_en);
    return {
      "@type": "NewsArticle",
      articleSection: t("title"),
      headline: pick(locale, interview.title_es, interview.title_en),
      description: truncate(pick(locale, interview.intro_es, interview.intro_en), 160),
      datePublished: interview.date.toISOString(),
      dateModified: interview.updated_at.toISOString(),
      inLanguage: locale,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      image: [shareCardUrl(locale, `/entrevistas/${slug}`)],
      author: authorJsonLd(interview),
      publisher: publisherJsonLd(),
      about: { "@type": "Person", name: interview.interviewee.name, jobTitle: role ?? undefined },
    };
  },
  back: { href: "/entrevistas", namespace: "interviewsPage" },
  render: async (interview, { locale, backLink }) => {
    const [t, cards] = await Promise.all([getTranslations("interviewsPage"), getTranslations("cards")]);
    const title = pick(locale, interview.title_es, interview.title_en);
    const intro = pick(locale, interview.intro_es, interview.intro_en);
    const qa = pickList(locale, interview.qa_es, interview.qa_en);
    const why = pick(locale, interview.why_it_matters_es, interview.why_it_matters_en);
    const role = pick(locale, interview.interviewee.role_es ?? null, interview.interviewee.role_en);
    return (
      <article className="mx-auto max-w-3xl" data-testid="interview">
        {backLink}
        <header>
          <div className="flex flex-wrap items-center gap-2">
            <span className="kicker">{t("intro")}</span>
            {interview.sponsored && <Badge variant="sponsored">{cards("industryUpdate")}</Badge>}
          </div>
          <h1 className="mt-4 font-serif text-3xl font-bold leading-[1.12] tracking-tight text-balance md:text-5xl">
            {title}
          </h1>
          <p className="mt-5 font-serif text-xl leading-relaxed text-muted">{intro}</p>
          <div className="mt-6 flex items-center gap-4 border-y border-rule py-4">
            <Initials name={interview.interviewee.name} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {interview.referent_slug ? (
                  <Link href={`/referentes/${interview.referent_slug}`} className="hover:underline">
                    {interview.interviewee.name}
                  </Link>
                ) : (
                  interview.interviewee.name
                )}
              </p>
              {role && <p className="text-sm text-muted">{role}</p>}
            </div>
            <time className="text-sm text-muted" dateTime={interview.date.toISOString()}>
              {formatDate(interview.date, locale)}
            </time>
          </div>
          <div className="mt-4">
            <TopicBadges topics={interview.topics} />
          </div>
        </header>
        <dl className="mt-10 space-y-8" data-testid="qa">
          {qa.map((pair) => (
            <div key={pair.q}>
              <dt className="font-sans text-lg font-bold leading-snug text-ink">
                <span className="sr-only">{t("question")}: </span>
                {pair.q}
              </dt>
              <dd className="mt-3 font-serif text-[1.15rem] leading-[1.7] text-ink/90">
                <span className="sr-only">{t("answer")}: </span>
                {pair.a}
              </dd>
            </div>
          ))}
        </dl>
        {why && (
          <aside className="mt-12 border-l-4 border-accent bg-surface p-6" data-testid="why-it-matters">
            <h2 className="kicker">{cards("whyItMatters")}</h2>
            <p className="mt-3 font-serif text-lg leading-relaxed">{why}</p>
          </aside>
        )}
        {interview.links.length > 0 && (
          <section aria-labelledby="related-links" className="mt-10">
            <h2 id="related-links" className="font-serif text-xl font-bold">
              {t("relatedLinks")}
            </h2>
            <ExternalLinks links={interview.links} className="mt-4 space-y-2" />
          </section>
        )}
      </article>
    );
  },
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
