import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DirectoryPage, ResourceCard } from "~/features/directories/ui/index.ts";
import { pageMetadata } from "~/lib/seo.ts";
import { RESOURCE_TYPES, taxonomyLabel } from "~/lib/taxonomy.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "resourcesPage" });
  return pageMetadata({ locale, path: "/recursos", title: t("title"), description: t("description") });
}

export default async function ResourcesPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("resourcesPage");
  const f = await getTranslations("filters");
  const types = await getTranslations("taxonomy.resourceTypes");
  const resources = await publicContent.resources({});
  return (
    <DirectoryPage
      title={t("title")}
      dek={t("description")}
      filter={{
        param: "tipo",
        facetLabel: f("type"),
        allLabel: f("all"),
        options: RESOURCE_TYPES.map((v) => ({ value: v, label: taxonomyLabel(types, v) })),
      }}
      items={resources.map((r) => ({ key: r.slug, values: [r.type], node: <ResourceCard resource={r} /> }))}
    />
  );
}
