import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CompanyCard, DirectoryPage } from "~/features/directories/ui/index.ts";
import { pageMetadata } from "~/lib/seo.ts";
import { COMPANY_TYPES, taxonomyLabel } from "~/lib/taxonomy.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "companiesPage" });
  return pageMetadata({ locale, path: "/empresas", title: t("title"), description: t("description") });
}

export default async function CompaniesPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("companiesPage");
  const f = await getTranslations("filters");
  const types = await getTranslations("taxonomy.companyTypes");
  const companies = await publicContent.companies({});
  return (
    <DirectoryPage
      title={t("title")}
      dek={t("description")}
      filter={{
        param: "tipo",
        facetLabel: f("type"),
        allLabel: f("all"),
        options: COMPANY_TYPES.map((v) => ({ value: v, label: taxonomyLabel(types, v) })),
      }}
      items={companies.map((c) => ({ key: c.slug, values: [c.type], node: <CompanyCard company={c} /> }))}
    />
  );
}
