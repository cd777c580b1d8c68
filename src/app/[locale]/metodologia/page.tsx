import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AUTHOR_PATH, articleContent } from "~/features/articles/index.ts";
import { editorialContent, localizeMarkdownLinks } from "~/features/editorial/index.ts";
import { PolicySections } from "~/features/editorial/ui/policy-sections.tsx";
import { editorContent } from "~/features/users/index.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { formatDate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Button } from "~/ui/button.tsx";
import { PageHeader } from "~/ui/page-header.tsx";
import { Prose } from "~/ui/prose.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const page = await editorialContent.editorialPage("metodologia");
  if (!page) return {};
  return pageMetadata({
    locale,
    path: "/metodologia",
    title: pick(locale, page.title_es, page.title_en),
    description: pick(locale, page.dek_es, page.dek_en) ?? "",
  });
}

export default async function MethodologyPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const page = await editorialContent.editorialPage("metodologia");
  if (!page) notFound();
  const t = await getTranslations("methodologyPage");
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={pick(locale, page.title_es, page.title_en)} dek={pick(locale, page.dek_es, page.dek_en)}>
        <p className="mt-4 text-sm text-muted" data-testid="last-updated">
          {t("lastUpdated", { date: formatDate(page.last_updated, locale) })}
        </p>
      </PageHeader>
      <Prose className="mt-10" markdown={localizeMarkdownLinks(pick(locale, page.body_es, page.body_en), locale)} />
      <PolicySections locale={locale} masthead={<Masthead locale={locale} />} />
      <section className="mt-14 rounded-md bg-ink p-6 text-paper md:p-8">
        <p className="font-serif text-xl font-bold">{t("contactPrompt")}</p>
        <Button asChild className="mt-4">
          <Link href="/contacto">{t("contactCta")}</Link>
        </Button>
      </section>
    </main>
  );
}

/** The masthead (#redaccion): the editors, then every name that signs an article, each linked to its page. */
async function Masthead({ locale }: { locale: Locale }) {
  const [editors, authors] = await Promise.all([editorContent.all(), articleContent.authorRefs()]);
  const people = [...editors, ...authors.filter((a) => !editors.some((e) => e.slug === a.slug))];
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="masthead">
      {people.map((p) => (
        <li key={p.slug}>
          <Link href={`${AUTHOR_PATH[locale]}/${p.slug}`} className="underline">
            {p.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
