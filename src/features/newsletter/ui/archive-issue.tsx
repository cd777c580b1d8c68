import { getTranslations } from "next-intl/server";
import { formatDate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Badge } from "~/ui/badge.tsx";
import type { ArchivedNewsletter } from "../archive/archive.ts";
import { clickUrl } from "../urls.ts";

/**
 * The web version of a sent Top 5: the same content as the e-mail, with nothing personal in it (no address,
 * no unsubscribe token). Item links go through the same click counter as the e-mail's.
 */
export async function ArchiveIssue({ issue, locale }: { issue: ArchivedNewsletter; locale: Locale }) {
  const t = await getTranslations("newsletterArchive");
  return (
    <article className="mx-auto max-w-3xl" data-testid="newsletter-issue">
      <header className="border-b border-ink/15 pb-6">
        <p className="kicker mb-3">{t("kicker")}</p>
        <h1 className="font-serif text-4xl font-bold leading-tight tracking-tight md:text-5xl">
          {pick(locale, issue.subject_es, issue.subject_en)}
        </h1>
        {issue.sent_at ? (
          <p className="mt-3 text-sm text-muted">{t("sentOn", { date: formatDate(issue.sent_at, locale) })}</p>
        ) : null}
        <p className="mt-5 font-serif text-xl leading-relaxed text-muted">
          {pick(locale, issue.intro_es, issue.intro_en)}
        </p>
      </header>
      <ol className="mt-8 space-y-8">
        {issue.items.map((item, index) => (
          <li
            key={`${item.kind}:${item.slug}`}
            className="border-b border-rule pb-6"
            data-testid="newsletter-issue-item"
          >
            {item.sponsored ? <Badge variant="sponsored">{t("sponsored")}</Badge> : null}
            <h2 className="mt-2 font-serif text-2xl font-bold">
              {index + 1}.{" "}
              <a
                href={clickUrl(issue.id, index, locale)}
                className="hover:underline"
                data-testid="newsletter-issue-link"
              >
                {pick(locale, item.title_es, item.title_en)}
              </a>
            </h2>
            <p className="mt-2 leading-relaxed">{pick(locale, item.summary_es, item.summary_en)}</p>
            {item.sources?.length ? (
              <p className="mt-2 text-sm text-muted">
                {t("sources")}:{" "}
                {item.sources.map((s, k) => (
                  <span key={s.url}>
                    {k > 0 ? " · " : null}
                    <a
                      href={`${clickUrl(issue.id, index, locale)}${locale === "en" ? "&" : "?"}to=${encodeURIComponent(s.url)}`}
                      rel="noopener nofollow"
                      className="underline"
                    >
                      {s.name}
                    </a>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </article>
  );
}
