import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { FediverseFollowUs } from "~/features/fediverse/ui/follow-us.tsx";
import { newsletterContent } from "~/features/newsletter/index.ts";
import { ArchiveList } from "~/features/newsletter/ui/archive-list.tsx";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "newsletterArchive" });
  return pageMetadata({ locale, path: "/newsletter", title: t("title"), description: t("description") });
}

/** The public archive of the Friday Top 5. */
export default async function NewsletterArchivePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const issues = await newsletterContent.archive();
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <ArchiveList issues={issues} locale={locale} />
      <FediverseFollowUs locale={locale} className="mt-10 text-sm text-muted" />
    </main>
  );
}
