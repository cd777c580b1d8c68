import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DirectoryPage } from "~/features/directories/ui/index.ts";
import { InterviewCard } from "~/features/interviews/ui/index.ts";
import { pageMetadata } from "~/lib/seo.ts";
import { TOPICS, taxonomyLabel } from "~/lib/taxonomy.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { publicContent } from "~/server/cache/public-content.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "interviewsPage" });
  return pageMetadata({ locale, path: "/entrevistas", title: t("title"), description: t("description") });
}

export default async function InterviewsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("interviewsPage");
  const f = await getTranslations("filters");
  const topics = await getTranslations("taxonomy.topics");
  const interviews = await publicContent.interviews({});
  return (
    <DirectoryPage
      title={t("title")}
      dek={t("description")}
      filter={{
        param: "tema",
        facetLabel: f("topic"),
        allLabel: f("all"),
        options: TOPICS.map((v) => ({ value: v, label: taxonomyLabel(topics, v) })),
      }}
      gridClassName="grid gap-x-8 gap-y-8 md:grid-cols-2"
      items={interviews.map((i) => ({ key: i.slug, values: i.topics, node: <InterviewCard interview={i} /> }))}
    />
  );
}
