import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DirectoryPage, ReferentCard } from "~/features/directories/ui/index.ts";
import { pageMetadata } from "~/lib/seo.ts";
import { REFERENT_FOCUSES, taxonomyLabel } from "~/lib/taxonomy.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "referentsPage" });
  return pageMetadata({ locale, path: "/referentes", title: t("title"), description: t("description") });
}

export default async function ReferentsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("referentsPage");
  const f = await getTranslations("filters");
  const topics = await getTranslations("taxonomy.topics");
  const referents = await publicContent.referents({});
  return (
    <DirectoryPage
      title={t("title")}
      dek={t("description")}
      filter={{
        param: "tema",
        facetLabel: f("topic"),
        allLabel: f("all"),
        options: REFERENT_FOCUSES.map((v) => ({ value: v, label: taxonomyLabel(topics, v) })),
      }}
      gridClassName="grid gap-x-8 gap-y-6 md:grid-cols-2"
      items={referents.map((r) => ({ key: r.slug, values: r.focus, node: <ReferentCard referent={r} /> }))}
    />
  );
}
