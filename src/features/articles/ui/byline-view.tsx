import { formatRelativeTime } from "~/platform/i18n/format.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import { displayAuthor } from "../authors.ts";
import type { CardTexts } from "./card-texts.ts";

/**
 * 'By <author> · <date>' with the docs/product.md §3 author rules and an 'IA' badge for agent-written pieces. Texts
 * and language come as props: the /noticias explorer renders bylines in the browser too.
 */
export function BylineView({
  piece,
  date,
  className,
  texts,
  locale,
  authorHref,
  now,
}: {
  piece: { author?: string | null; author_name?: string | null; is_agent?: boolean };
  date: Date;
  className?: string;
  /** The author's page (article pages only: a card is a link already). */
  authorHref?: string;
  texts: Pick<CardTexts, "by" | "aiBadge" | "aiBadgeTitle" | "justNow">;
  locale: Locale;
  /** What the date is relative to: by default the time of rendering (a client island passes useNow's). */
  now?: Date;
}) {
  const author = displayAuthor(piece);
  return (
    <p className={`byline ${className ?? "text-sm"}`}>
      <span>
        {texts.by}{" "}
        {authorHref ? (
          <a href={authorHref} className="font-semibold text-ink hover:underline" data-testid="byline-author">
            {author.name}
          </a>
        ) : (
          <span className="byline-name">{author.name}</span>
        )}
      </span>
      {author.isAgent && (
        <abbr
          title={texts.aiBadgeTitle}
          className="rounded-sm border border-ink/30 px-1.5 text-[0.7rem] font-bold no-underline"
          data-testid="ai-badge"
        >
          {texts.aiBadge}
        </abbr>
      )}
      <span aria-hidden="true">·</span>
      <time dateTime={date.toISOString()}>{formatRelativeTime(date, locale, texts.justNow, now)}</time>
    </p>
  );
}
