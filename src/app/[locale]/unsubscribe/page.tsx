import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { UnsubscribeStatus } from "~/features/newsletter/ui/index.ts";
import type { Locale } from "~/platform/i18n/routing.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "unsubscribePage" });
  // A personal link: keep it out of search engines.
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { token } = await searchParams;
  return <UnsubscribeStatus token={typeof token === "string" ? token.trim() : ""} />;
}
