import { getTranslations } from "next-intl/server";
import { formatDate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { PageHeader } from "~/ui/page-header.tsx";
import type { ArchivedNewsletter } from "../archive/archive.ts";
import { archivePath } from "../urls.ts";

/** /newsletter: every sent Top 5, newest first, each linking to its web version. */
export async function ArchiveList({ issues, locale }: { issues: ArchivedNewsletter[]; locale: Locale }) {
  const t = await getTranslations("newsletterArchive");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} dek={t("description")} />
      {issues.length === 0 ? <p className="mt-8 text-muted">{t("empty")}</p> : null}
      <ul className="mt-8 space-y-6" data-testid="newsletter-archive">
        {issues.map((issue) => (
          <li key={issue.id} className="border-b border-rule pb-5">
            <Link href={archivePath(issue.slug)} className="font-serif text-2xl font-bold hover:underline">
              {pick(locale, issue.subject_es, issue.subject_en)}
            </Link>
            {issue.sent_at ? (
              <p className="mt-1 text-sm text-muted">{t("sentOn", { date: formatDate(issue.sent_at, locale) })}</p>
            ) : null}
            <p className="mt-2 text-muted">{pick(locale, issue.intro_es, issue.intro_en)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
