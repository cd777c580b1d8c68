import { getTranslations } from "next-intl/server";
import { TopicBadges } from "~/features/articles/ui/topic-badges.tsx";
import { directoryContent } from "~/features/directories/index.ts";
import { Initials } from "~/features/directories/ui/directory-cards.tsx";
import { interviewContent } from "~/features/interviews/index.ts";
import { InterviewCard } from "~/features/interviews/ui/interview-card.tsx";
import { personSameAs } from "~/features/seo/index.ts";
import { itemRoute } from "~/features/seo/ui/item-route.tsx";
import { absoluteUrl, pageMetadata } from "~/platform/http/page-metadata.ts";
import { truncate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { ExternalLinks } from "~/ui/external-links.tsx";

const route = itemRoute({
  kind: "referent",
  load: directoryContent.referent,
  metadata: (referent, { locale, slug }) =>
    pageMetadata({
      locale,
      path: `/referentes/${slug}`,
      title: referent.name,
      description: truncate(
        `${pick(locale, referent.role_es, referent.role_en)}. ${pick(locale, referent.bio_es, referent.bio_en)}`,
        160,
      ),
      type: "profile",
    }),
  jsonLd: (referent, { locale, slug }) => ({
    "@type": "Person",
    name: referent.name,
    jobTitle: pick(locale, referent.role_es, referent.role_en),
    description: truncate(pick(locale, referent.bio_es, referent.bio_en), 300),
    url: absoluteUrl(locale, `/referentes/${slug}`),
    knowsAbout: referent.focus,
    sameAs: personSameAs(referent.links),
  }),
  back: { href: "/referentes", namespace: "referentsPage" },
  render: async (referent, { locale, slug, backLink }) => {
    const [t, interviews] = await Promise.all([
      getTranslations("referentsPage"),
      interviewContent.interviewsForReferent(slug),
    ]);
    const role = pick(locale, referent.role_es, referent.role_en);
    return (
      <>
        {backLink}
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <article data-testid="referent">
            <header className="flex flex-col gap-6 border-b border-ink/15 pb-8 sm:flex-row sm:items-center">
              <Initials name={referent.name} size="lg" />
              <div>
                <h1 className="font-serif text-4xl font-bold leading-tight md:text-5xl">{referent.name}</h1>
                <p className="mt-2 text-lg text-muted">{role}</p>
              </div>
            </header>
            <section aria-labelledby="bio" className="mt-8">
              <h2 id="bio" className="kicker">
                {t("bio")}
              </h2>
              <p className="mt-3 max-w-3xl font-serif text-[1.15rem] leading-[1.7]">
                {pick(locale, referent.bio_es, referent.bio_en)}
              </p>
            </section>
            <section aria-labelledby="interviews" className="mt-12">
              <h2 id="interviews" className="mb-4 border-b-2 border-ink pb-2 font-serif text-2xl font-bold">
                {t("interviews")}
              </h2>
              {interviews.length ? (
                <div className="space-y-6">
                  {interviews.map((i) => (
                    <InterviewCard key={i.slug} interview={i} />
                  ))}
                </div>
              ) : (
                <p className="text-muted">{t("noInterviews")}</p>
              )}
            </section>
          </article>
          <aside
            className="space-y-8 self-start rounded-md border border-rule bg-surface p-6"
            aria-label={t("keyInfo")}
          >
            <div>
              <h2 className="kicker">{t("role")}</h2>
              <p className="mt-2 text-sm">{role}</p>
            </div>
            <div>
              <h2 className="kicker">{t("focus")}</h2>
              <div className="mt-3">
                <TopicBadges topics={referent.focus} />
              </div>
            </div>
            {referent.links.length > 0 && (
              <div>
                <h2 className="kicker">{t("links")}</h2>
                <ExternalLinks links={referent.links} className="mt-3 space-y-2 text-sm" />
              </div>
            )}
          </aside>
        </div>
      </>
    );
  },
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
