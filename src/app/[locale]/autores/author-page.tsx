import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { type AgentProfile, agentContent } from "~/features/agents/index.ts";
import { AUTHOR_PATH, articleContent } from "~/features/articles/index.ts";
import { ArticleCard } from "~/features/articles/ui/article-card.tsx";
import { verificationContent } from "~/features/publications/index.ts";
import { notFoundView } from "~/features/seo/index.ts";
import { notFoundMetadata } from "~/features/seo/ui/not-found-metadata.ts";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";
import { editorContent } from "~/features/users/index.ts";
import { absoluteUrl, pageMetadata, siteUrl } from "~/platform/http/page-metadata.ts";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { JsonLd } from "~/ui/page-header.tsx";

export type AuthorParams = Promise<{ locale: Locale; slug: string }>;

/**
 * Who an author slug names, composed from its owners: an agent (agents), an editor (users, with the articles
 * they answer for from the desk) and the published articles signed with that name (articles). Null: no page.
 */
async function loadAuthor(slug: string) {
  const [agent, editor, signed] = await Promise.all([
    agentContent.profile(slug),
    editorContent.bySlug(slug),
    articleContent.authorArticles(slug),
  ]);
  const reviewed = editor ? await verificationContent.reviewedBy(editor.id) : [];
  const name = agent?.name ?? editor?.username ?? signed.name;
  if (!name) return null;
  return { name, agent, editor, reviewed, articles: signed.articles };
}

/**
 * None at build (the build has no SITE_URL): each author page is rendered into Next's cache on its first
 * request, like the item pages, so it is served without the proxy and with its hreflang Link header.
 */
export async function generateAuthorParams(): Promise<{ slug: string }[]> {
  return [];
}

const pathOf = (locale: Locale, slug: string) => `${AUTHOR_PATH[locale]}/${slug}`;

export async function authorMetadata({ params }: { params: AuthorParams }): Promise<Metadata> {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const author = await loadAuthor(slug);
  if (!author) return notFoundMetadata(locale, "page");
  const t = await getTranslations({ locale, namespace: "trust.author" });
  const title = author.agent ? t("agentTitle", { name: author.name }) : author.name;
  const meta = pageMetadata({ locale, path: pathOf(locale, slug), title, description: intro(t, author) });
  const es = absoluteUrl("es", pathOf("es", slug));
  return {
    ...meta,
    alternates: { ...meta.alternates, languages: { es, en: absoluteUrl("en", pathOf("en", slug)), "x-default": es } },
  };
}

type Texts = Awaited<ReturnType<typeof getTranslations<"trust.author">>>;
const intro = (t: Texts, a: { agent: AgentProfile | null; editor: unknown }) =>
  a.agent ? t("agentIntro") : a.editor ? t("editorIntro") : t("writerIntro");

/** The author page at AUTHOR_PATH[pathLocale]; a visit in the other language goes to that language's path. */
export async function authorPage({ params }: { params: AuthorParams }, pathLocale: Locale) {
  const { locale, slug } = await params;
  if (locale !== pathLocale) permanentRedirect(localizedPath(pathOf(locale, slug), locale));
  setRequestLocale(locale);
  const author = await loadAuthor(slug);
  // A cached page cannot call notFound() (Next answers an empty error shell): the 404 view, which the cache
  // handler answers with status 404 and never stores (src/platform/request-edge/page-status.js).
  if (!author) return <NotFoundView {...notFoundView("page")} />;
  const t = await getTranslations({ locale, namespace: "trust.author" });
  const { agent } = author;
  const urls = [absoluteUrl("es", pathOf("es", slug)), absoluteUrl("en", pathOf("en", slug))];
  const title = agent ? t("agentTitle", { name: author.name }) : author.name;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 md:py-14" data-testid="author-page">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": agent ? "Organization" : "Person",
          name: title,
          url: absoluteUrl(locale, pathOf(locale, slug)),
          description: agent?.description ?? intro(t, author),
          sameAs: urls.filter((u) => u !== absoluteUrl(locale, pathOf(locale, slug))),
          [agent ? "parentOrganization" : "worksFor"]: { "@id": `${siteUrl()}/#organization` },
        }}
      />
      <h1 className="font-serif text-4xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">{intro(t, author)}</p>
      {agent && (
        <section className="mt-8 space-y-4" data-testid="agent-profile">
          {agent.description && (
            <div>
              <h2 className="font-serif text-xl font-bold">{t("whatItDoes")}</h2>
              <p className="mt-2">{agent.description}</p>
            </div>
          )}
          <div>
            <h2 className="font-serif text-xl font-bold">{t("sourcesRead")}</h2>
            {agent.sourceUrls.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm">
                {agent.sourceUrls.map((url) => (
                  <li key={url}>
                    <a href={url} rel="noopener noreferrer" className="break-all underline">
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm">{t("noSources")}</p>
            )}
            {agent.topics.length > 0 && (
              <p className="mt-2 text-sm">{t("topics", { topics: [...agent.topics, ...agent.keywords].join(", ") })}</p>
            )}
          </div>
        </section>
      )}
      {author.reviewed.length > 0 && (
        <section className="mt-10" data-testid="author-reviewed">
          <h2 className="font-serif text-2xl font-bold">{t("reviewedArticles")}</h2>
          <ul className="mt-4 list-disc space-y-1 pl-5">
            {author.reviewed.map((a) => (
              <li key={a.slug}>
                <a href={localizedPath(`/noticias/${a.slug}`, locale)} className="underline">
                  {pick(locale, a.title_es, a.title_en)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="mt-10" data-testid="author-articles">
        <h2 className="font-serif text-2xl font-bold">{t("articles")}</h2>
        {author.articles.length ? (
          <div className="mt-6 grid gap-8 md:grid-cols-3">
            {author.articles.map((a) => (
              <ArticleCard key={a.slug} article={a} size="small" />
            ))}
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted">{t("none")}</p>
        )}
      </section>
    </main>
  );
}
