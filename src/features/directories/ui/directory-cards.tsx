import { TopicBadges } from "~/features/articles/ui/topic-badges.tsx";
import { formatDate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { useLocale, useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";
import { cn } from "~/ui/cn.ts";

function Initials({ name, size = "md" }: { name: string; size?: "md" | "lg" }) {
  const letters = name
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  return (
    <div aria-hidden="true" className={size === "lg" ? "initials-lg" : "initials-md"}>
      {letters}
    </div>
  );
}

export { Initials };

export function ReferentCard({
  referent,
  compact = false,
}: {
  referent: { slug: string; name: string; role_es: string; role_en: string | null; focus: string[] };
  compact?: boolean;
}) {
  const locale = useLocale() as Locale;
  return (
    <article data-testid="referent-card" className="group row-card">
      <Initials name={referent.name} />
      <div className="min-w-0">
        <h3 className={compact ? "compact-title" : "font-serif font-bold leading-snug text-xl"}>
          <Link href={`/referentes/${referent.slug}`} className="card-link">
            {referent.name}
          </Link>
        </h3>
        <p className={compact ? "mt-1 compact-note" : "mt-1 text-muted text-[0.95rem]"}>
          {pick(locale, referent.role_es, referent.role_en)}
        </p>
        {!compact && (
          <div className="mt-3">
            <TopicBadges topics={referent.focus} />
          </div>
        )}
      </div>
    </article>
  );
}

export function ApplicationCard({
  app,
  compact = false,
}: {
  app: {
    slug: string;
    name: string;
    category: string;
    description_es: string;
    description_en: string | null;
    use_cases: string[];
    website: string | null;
    featured_level: "normal" | "premium";
  };
  compact?: boolean;
}) {
  const t = useTranslations("cards");
  const categories = useTranslations("taxonomy.applicationCategories");
  const locale = useLocale() as Locale;
  const premium = app.featured_level === "premium";
  return (
    <article
      id={app.slug}
      data-testid="application-card"
      data-premium={premium || undefined}
      className={cn("app-card", premium ? "app-card-premium" : "border-rule", compact ? "p-4" : "p-6")}
    >
      <div className="card-labels">
        <span className="kicker">{taxonomyLabel(categories, app.category)}</span>
        {premium && <Badge variant="destructive">{t("premium")}</Badge>}
      </div>
      <h3 className={cn("font-serif font-bold", compact ? "text-base" : "text-xl")}>{app.name}</h3>
      <p className={compact ? "mt-2 compact-note" : "mt-2 text-muted line-clamp-4 text-[0.95rem]"}>
        {pick(locale, app.description_es, app.description_en)}
      </p>
      {!compact && app.use_cases.length > 0 && (
        <div className="mt-4">
          <h4 className="text-xs font-bold uppercase tracking-wider text-ink">{t("useCases")}</h4>
          <ul className="mt-2 space-y-1 text-sm text-ink" data-testid="use-cases">
            {app.use_cases.slice(0, 3).map((u) => (
              <li key={u} className="flex gap-2">
                <span aria-hidden="true" className="text-accent">
                  ▸
                </span>
                {u}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!compact && app.website && (
        <a
          href={app.website}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="mt-auto pt-4 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
        >
          {t("website")} ↗<span className="sr-only"> ({app.name})</span>
        </a>
      )}
    </article>
  );
}

export function CompanyCard({
  company,
}: {
  company: {
    slug: string;
    name: string;
    type: string;
    themes: string[];
    summary_es: string;
    summary_en: string | null;
    website: string | null;
    region: string | null;
  };
}) {
  const t = useTranslations("cards");
  const types = useTranslations("taxonomy.companyTypes");
  const locale = useLocale() as Locale;
  return (
    <article
      id={company.slug}
      data-testid="company-card"
      className="flex flex-col rounded-md border border-rule bg-surface p-6"
    >
      <span className="kicker">{taxonomyLabel(types, company.type)}</span>
      <h3 className="mt-2 font-serif text-xl font-bold">{company.name}</h3>
      {company.region && (
        <p className="mt-1 text-sm text-muted">
          {t("region")}: {company.region}
        </p>
      )}
      <p className="mt-3 line-clamp-5 text-[0.95rem] text-ink/85">
        {pick(locale, company.summary_es, company.summary_en)}
      </p>
      <div className="mt-4">
        <TopicBadges topics={company.themes} max={3} />
      </div>
      {company.website && (
        <a
          href={company.website}
          rel="noopener noreferrer"
          target="_blank"
          className="mt-auto pt-4 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
        >
          {t("website")} ↗<span className="sr-only"> ({company.name})</span>
        </a>
      )}
    </article>
  );
}

export function ResourceCard({
  resource,
}: {
  resource: {
    slug: string;
    title_es: string;
    title_en: string | null;
    type: string;
    summary_es: string;
    summary_en: string | null;
    link: string;
    origin: string | null;
    date: Date | null;
  };
}) {
  const t = useTranslations("cards");
  const types = useTranslations("taxonomy.resourceTypes");
  const locale = useLocale() as Locale;
  const title = pick(locale, resource.title_es, resource.title_en);
  return (
    <article
      id={resource.slug}
      data-testid="resource-card"
      className="flex flex-col rounded-md border border-rule bg-surface p-6"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="kicker">{taxonomyLabel(types, resource.type)}</span>
        {resource.date && (
          <time className="text-xs text-muted" dateTime={resource.date.toISOString()}>
            {formatDate(resource.date, locale)}
          </time>
        )}
      </div>
      <h3 className="mt-2 font-serif text-xl font-bold">{title}</h3>
      {resource.origin && (
        <p className="mt-1 text-sm text-muted">
          {t("origin")}: {resource.origin}
        </p>
      )}
      <p className="mt-3 line-clamp-4 text-[0.95rem] text-ink/85">
        {pick(locale, resource.summary_es, resource.summary_en)}
      </p>
      <a
        href={resource.link}
        rel="noopener noreferrer"
        target="_blank"
        className="mt-auto pt-4 text-sm font-semibold text-accent-text underline-offset-4 hover:underline"
      >
        {t("open")} ↗<span className="sr-only"> ({title})</span>
      </a>
    </article>
  );
}
