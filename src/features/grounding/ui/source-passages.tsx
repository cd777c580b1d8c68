import { getTranslations } from "next-intl/server";
import { formatDate } from "~/platform/i18n/format.ts";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import type { SourceReliedFacts } from "../public-facts.ts";
import { claimsFor, type PublicVerification } from "../public-verification.ts";
import { ReliedFacts } from "./relied-facts.tsx";

/**
 * /noticias/{slug}/fuentes: each figure and quotation the report found, beside its passage with a few of the
 * source's sentences around it (never the whole stored copy), each under its own anchor for the box's links;
 * then, per source, the quotations and figures of it the article relies on.
 */
export async function SourcePassages({
  slug,
  title,
  locale,
  verification,
  facts = [],
}: {
  slug: string;
  title: string;
  locale: Locale;
  verification: PublicVerification;
  facts?: SourceReliedFacts[];
}) {
  const t = await getTranslations({ locale, namespace: "sourcesPage" });
  const { claims } = claimsFor(verification, locale);
  const sources = new Map(verification.sources.map((s) => [s.n, s]));
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14" data-testid="source-passages">
      <nav aria-label="breadcrumb" className="mb-6 text-sm">
        <a href={localizedPath(`/noticias/${slug}`, locale)} className="font-semibold text-accent-text hover:underline">
          ← {t("back")}
        </a>
      </nav>
      <h1 className="font-serif text-3xl font-bold leading-tight">{t("title", { title })}</h1>
      <p className="mt-4 text-muted">{t("intro", { date: formatDate(verification.checkedAt, locale) })}</p>
      {claims.length === 0 && <p className="mt-8">{t("none")}</p>}
      <ol className="mt-8 space-y-8">
        {claims.map((c) => {
          const source = sources.get(c.n);
          return (
            <li key={c.id} id={c.id} className="rounded-md border border-rule p-5" data-testid="source-passage">
              <h2 className="text-sm font-semibold">{t("inArticle")}</h2>
              <p className="mt-1 font-serif">{c.sentence}</p>
              <h2 className="mt-4 text-sm font-semibold">
                {t("inSource", {
                  n: c.n,
                  name: source?.name ?? "",
                  date: source?.copiedAt ? formatDate(source.copiedAt, locale) : "—",
                })}
              </h2>
              <blockquote cite={source?.url} className="mt-1 border-l-4 border-rule pl-4 text-[0.95rem]">
                {c.before.join(" ")} <mark data-testid="passage">{c.passage}</mark> {c.after.join(" ")}
              </blockquote>
            </li>
          );
        })}
      </ol>
      <ReliedFacts relied={facts} sources={verification.sources} shown={claims.map((c) => c.id)} t={t} />
    </main>
  );
}
