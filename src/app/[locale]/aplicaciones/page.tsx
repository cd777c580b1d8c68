import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ApplicationCard, DirectoryPage } from "~/features/directories/ui/index.ts";
import { pageMetadata } from "~/lib/seo.ts";
import { APPLICATION_CATEGORIES, taxonomyLabel } from "~/lib/taxonomy.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "applicationsPage" });
  return pageMetadata({ locale, path: "/aplicaciones", title: t("title"), description: t("description") });
}

export default async function ApplicationsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("applicationsPage");
  const f = await getTranslations("filters");
  const categories = await getTranslations("taxonomy.applicationCategories");
  const apps = await publicContent.applications({});
  return (
    <DirectoryPage
      title={t("title")}
      dek={t("description")}
      filter={{
        param: "categoria",
        facetLabel: f("type"),
        allLabel: f("all"),
        options: APPLICATION_CATEGORIES.map((v) => ({ value: v, label: taxonomyLabel(categories, v) })),
      }}
      items={apps.map((a) => ({ key: a.slug, values: [a.category], node: <ApplicationCard app={a} /> }))}
    />
  );
}
