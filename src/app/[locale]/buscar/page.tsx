import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Fragment } from "react";
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchHit, type SearchKind } from "~/features/articles/schema.ts";
import { siteSearch } from "~/features/search/index.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { formatDate } from "~/platform/i18n/format.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { PageHeader } from "~/ui/page-header.tsx";

const HREF: Record<SearchKind, (slug: string) => string> = {
  article: (s) => `/noticias/${s}`,
  interview: (s) => `/entrevistas/${s}`,
  referent: (s) => `/referentes/${s}`,
  company: (s) => `/empresas#${s}`,
  application: (s) => `/aplicaciones#${s}`,
  resource: (s) => `/recursos#${s}`,
};

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "searchPage" });
  // Result pages are not worth indexing; the search page itself is.
  return {
    ...pageMetadata({ locale, path: "/buscar", title: t("title"), description: t("description") }),
    robots: { index: false },
  };
}

/** ts_headline output → text with <mark> around matches (React escapes everything else). */
function Highlighted({ text }: { text: string }) {
  const parts = text.split(HIGHLIGHT_START);
  return (
    <>
      {parts.map((part, i) => {
        // Fragments of one fixed string: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: positional fragments of an immutable string
        if (i === 0) return <Fragment key={i}>{part}</Fragment>;
        const [match, rest = ""] = part.split(HIGHLIGHT_END);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional fragments of an immutable string
          <Fragment key={i}>
            <mark>{match}</mark>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}

export default async function SearchPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("searchPage");
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 200) ?? "";
  const hits: SearchHit[] = q ? await siteSearch.results({ q, locale }) : [];
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("description")} />
      {/* Named: the header's site search is a second search landmark on this page. */}
      {/* biome-ignore lint/a11y/useSemanticElements: role="search" on the form is the ARIA landmark */}
      <form role="search" aria-label={t("formLabel")} method="get" className="mt-8 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("label")}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          required
          maxLength={200}
          className="h-12 min-w-0 flex-1 rounded-md border border-ink/30 bg-surface px-4 text-lg"
        />
        <Button type="submit" size="lg">
          {t("submit")}
        </Button>
      </form>
      {!q ? (
        <p className="mt-8 text-muted">{t("prompt")}</p>
      ) : (
        <section className="mt-8" aria-live="polite">
          <p className="font-semibold" data-testid="search-count">
            {t("results", { count: hits.length, q })}
          </p>
          {hits.length === 0 && <p className="mt-2 text-muted">{t("empty")}</p>}
          <ol className="mt-6 divide-y divide-rule border-y border-rule" data-testid="search-results">
            {hits.map((hit) => (
              <li key={`${hit.kind}:${hit.slug}`} className="py-5" data-testid="search-hit" data-kind={hit.kind}>
                <div className="flex items-center gap-3">
                  <Badge variant="neutral">{t(`kinds.${hit.kind}`)}</Badge>
                  {hit.date && (
                    <time className="text-xs text-muted" dateTime={hit.date.toISOString()}>
                      {formatDate(hit.date, locale)}
                    </time>
                  )}
                </div>
                <h2 className="mt-2 font-serif text-xl font-bold">
                  <Link href={HREF[hit.kind](hit.slug)} className="hover:underline">
                    {hit.title}
                  </Link>
                </h2>
                <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">
                  <Highlighted text={hit.snippet} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  );
}

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
