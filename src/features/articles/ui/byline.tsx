import { useLocale, useTranslations } from "next-intl";
import { formatRelativeTime } from "~/platform/i18n/format.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { displayAuthor } from "../authors.ts";

/** 'By <author> · <date>' with the SPEC §3 author rules and an 'IA' badge for agent-written pieces. */
export function Byline({
  piece,
  date,
  className,
}: {
  piece: { author?: string | null; author_name?: string | null; is_agent?: boolean };
  date: Date;
  className?: string;
}) {
  const t = useTranslations("cards");
  const locale = useLocale() as Locale;
  const author = displayAuthor(piece);
  return (
    <p className={`byline ${className ?? "text-sm"}`}>
      <span>
        {t("by")} <span className="font-semibold text-ink">{author.name}</span>
      </span>
      {author.isAgent && (
        <abbr
          title={t("aiBadgeTitle")}
          className="rounded-sm border border-ink/30 px-1.5 text-[0.7rem] font-bold no-underline"
          data-testid="ai-badge"
        >
          {t("aiBadge")}
        </abbr>
      )}
      <span aria-hidden="true">·</span>
      <time dateTime={date.toISOString()}>{formatRelativeTime(date, locale, t("justNow"))}</time>
    </p>
  );
}
