import { TopicBadges } from "~/features/articles/ui/topic-badges.tsx";
import { formatDate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { useLocale, useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Badge } from "~/ui/badge.tsx";

interface InterviewCardData {
  slug: string;
  title_es: string;
  title_en: string | null;
  intro_es: string;
  intro_en: string | null;
  date: Date;
  topics: string[];
  sponsored: boolean;
  interviewee: { name: string; role_es?: string | null; role_en?: string | null };
}

/** Interview card: interviewee, title, intro (2 lines), at most 2 topics (docs/product.md §9). */
export function InterviewCard({ interview, isNew = false }: { interview: InterviewCardData; isNew?: boolean }) {
  const t = useTranslations("home");
  const cards = useTranslations("cards");
  const locale = useLocale() as Locale;
  const initials = interview.interviewee.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  return (
    <article data-testid="interview-card" className="group row-card-ink">
      <div aria-hidden="true" className="initials-sand">
        {initials}
      </div>
      <div className="min-w-0 flex-1">
        <div className="row-labels">
          {isNew && (
            <Badge variant="new" data-testid="new-badge">
              {t("new")}
            </Badge>
          )}
          {interview.sponsored && <Badge variant="sponsored">{cards("industryUpdate")}</Badge>}
          <span className="text-sm font-semibold text-ink">{interview.interviewee.name}</span>
        </div>
        <h3 className="row-title">
          <Link href={`/entrevistas/${interview.slug}`} className="card-link">
            {pick(locale, interview.title_es, interview.title_en)}
          </Link>
        </h3>
        <p className="row-summary">{pick(locale, interview.intro_es, interview.intro_en)}</p>
        <div className="row-meta">
          <TopicBadges topics={interview.topics} max={2} />
          <time className="text-xs text-muted" dateTime={interview.date.toISOString()}>
            {formatDate(interview.date, locale)}
          </time>
        </div>
      </div>
    </article>
  );
}
