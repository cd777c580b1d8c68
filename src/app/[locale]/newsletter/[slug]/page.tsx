import { newsletterContent } from "~/features/newsletter/index.ts";
import { ArchiveIssue } from "~/features/newsletter/ui/archive-issue.tsx";
import { publisherJsonLd } from "~/features/seo/index.ts";
import { itemRoute } from "~/features/seo/ui/item-route.tsx";
import { absoluteUrl, pageMetadata, shareCardUrl } from "~/platform/http/page-metadata.ts";
import { truncate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";

/** The web version of each sent Top 5 ("View in browser"), in both languages. */
const route = itemRoute({
  kind: "newsletter",
  load: newsletterContent.issue,
  metadata: (issue, { locale, slug }) =>
    pageMetadata({
      locale,
      path: `/newsletter/${slug}`,
      title: pick(locale, issue.subject_es, issue.subject_en),
      description: truncate(pick(locale, issue.intro_es, issue.intro_en), 160),
      type: "article",
    }),
  jsonLd: (issue, { locale, slug }) => ({
    "@type": "NewsArticle",
    headline: pick(locale, issue.subject_es, issue.subject_en),
    description: pick(locale, issue.intro_es, issue.intro_en),
    ...(issue.sent_at ? { datePublished: issue.sent_at.toISOString() } : {}),
    inLanguage: locale,
    url: absoluteUrl(locale, `/newsletter/${slug}`),
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(locale, `/newsletter/${slug}`) },
    image: [shareCardUrl(locale, `/newsletter/${slug}`)],
    author: publisherJsonLd(),
    publisher: publisherJsonLd(),
    mentions: issue.items.map((item) => ({
      "@type": item.kind === "article" ? "NewsArticle" : "Article",
      headline: pick(locale, item.title_es, item.title_en),
      url: absoluteUrl(locale, `/${item.kind === "article" ? "noticias" : "entrevistas"}/${item.slug}`),
    })),
  }),
  back: { href: "/newsletter", namespace: "newsletterArchive" },
  render: async (issue, { locale, backLink }) => (
    <>
      <div className="mx-auto max-w-3xl">{backLink}</div>
      <ArchiveIssue issue={issue} locale={locale} />
    </>
  ),
});

// No generateStaticParams: issues are few and render per request from the data cache; an empty list of
// params at build (no newsletter sent yet) made Next answer each issue with a DYNAMIC_SERVER_USAGE error.
export const generateMetadata = route.generateMetadata;
export default route.Page;
