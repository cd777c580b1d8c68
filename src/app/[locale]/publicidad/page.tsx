import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { editorialContent, localizeMarkdownLinks, withoutSections } from "~/features/editorial/index.ts";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { PageHeader } from "~/ui/page-header.tsx";
import { Prose } from "~/ui/prose.tsx";

/** docs/product.md §9 advertising formats and audience split. */
const FORMATS = [
  { id: "industry", key: "formatIndustry", popular: true },
  { id: "interview", key: "formatInterview", popular: false },
  { id: "newsletter", key: "formatNewsletter", popular: false },
] as const;
const AUDIENCE = [
  { key: "audienceTechnical", share: 45 },
  { key: "audienceBusiness", share: 30 },
  { key: "audienceRegulators", share: 15 },
  { key: "audienceAcademics", share: 10 },
] as const;

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const page = await editorialContent.editorialPage("publicidad");
  if (!page) return {};
  return pageMetadata({
    locale,
    path: "/publicidad",
    title: pick(locale, page.title_es, page.title_en),
    description: pick(locale, page.dek_es, page.dek_en) ?? "",
  });
}

export default async function AdvertisingPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const page = await editorialContent.editorialPage("publicidad");
  if (!page) notFound();
  const t = await getTranslations("advertisingPage");
  // Formats and audience are rendered as cards and bars below; the rest of the text comes from the page.
  const rest = withoutSections(pick(locale, page.body_es, page.body_en), /^(Formatos|Formats|Audiencia|Audience)/i);
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={pick(locale, page.title_es, page.title_en)} dek={pick(locale, page.dek_es, page.dek_en)} />
      <section aria-labelledby="formats" className="mt-10">
        <h2 id="formats" className="mb-5 border-b-2 border-ink pb-2 font-serif text-2xl font-bold">
          {t("formats")}
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {FORMATS.map((f) => (
            <article
              key={f.id}
              data-testid="format-card"
              className={cn(
                "flex flex-col rounded-md border bg-surface p-6",
                f.popular ? "border-accent shadow-[0_0_0_1px_var(--color-accent)]" : "border-rule",
              )}
            >
              {f.popular && (
                <Badge variant="destructive" className="mb-3 self-start">
                  {t("popular")}
                </Badge>
              )}
              <h3 className="font-serif text-xl font-bold">{t(`${f.key}Title`)}</h3>
              <p className="mt-3 flex-1 text-muted">{t(`${f.key}Text`)}</p>
              <p className="mt-5 text-sm text-muted">
                {t("from")} <span className="font-serif text-3xl font-bold text-ink">{t(`${f.key}Price`)}</span>
              </p>
              <p className="mt-1 text-sm font-semibold">{t(`${f.key}Reach`)}</p>
            </article>
          ))}
        </div>
      </section>
      <div className="mt-14 grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="audience">
          <h2 id="audience" className="mb-5 border-b-2 border-ink pb-2 font-serif text-2xl font-bold">
            {t("audience")}
          </h2>
          <ul className="space-y-4" data-testid="audience">
            {AUDIENCE.map((a) => (
              <li key={a.key}>
                <div className="flex justify-between text-sm">
                  <span>{t(a.key)}</span>
                  <span className="font-bold">{a.share}%</span>
                </div>
                <div className="mt-1 h-2.5 rounded-full bg-ink/10" aria-hidden="true">
                  <div className="h-2.5 rounded-full bg-accent" style={{ width: `${a.share}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={t("guidelines")}>
          <Prose className="[&>h2:first-child]:mt-0" markdown={localizeMarkdownLinks(rest, locale)} />
        </section>
      </div>
      <div className="mt-12 flex flex-wrap gap-3 border-t border-rule pt-8">
        <Button asChild size="lg">
          <Link href="/contacto">{t("requestInfo")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/metodologia">{t("viewCriteria")}</Link>
        </Button>
      </div>
    </main>
  );
}
