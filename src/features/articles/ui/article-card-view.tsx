import type { Locale } from "~/platform/i18n/locales.ts";
import { pick } from "~/platform/i18n/localized.ts";
import { LocalizedAnchor } from "~/platform/i18n/localized-anchor.tsx";
import { humanize } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";
import { cn } from "~/ui/cn.ts";
import type { ArticleCardData } from "../card.ts";
import { BylineView } from "./byline-view.tsx";
import type { CardTexts } from "./card-texts.ts";
import { TagList } from "./tag-list.tsx";

export interface ArticleCardProps {
  article: ArticleCardData;
  size?: "small" | "default" | "large";
  /** Extra label ('Featured', 'Latest'). */
  label?: string;
  headingLevel?: 2 | 3;
  /** What the byline's date is relative to (BylineView). */
  now?: Date;
}

// One short class per size (globals.css): a card's classes travel twice per page, in the HTML and the RSC payload.
const CARD = { small: "card-sm", default: "card-md", large: "card-lg" } as const;
const TITLE = { small: "card-title-sm", default: "card-title-md", large: "card-title-lg" } as const;

/**
 * Article card in three sizes. At most 2 tags; title and summary clamp to 2 lines (docs/product.md §2); sponsored
 * pieces carry the 'Novedad de la industria' label. The whole card is one link target via the title. Texts and
 * language come as props (cardTexts): the /noticias explorer renders cards in the browser too.
 */
export function ArticleCardView({
  article,
  size = "default",
  label,
  headingLevel = 3,
  texts: t,
  locale,
  now,
}: ArticleCardProps & { texts: CardTexts; locale: Locale }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article data-testid="article-card" className={`group ${CARD[size]}`}>
      {article.image_url && size !== "small" && (
        // biome-ignore lint/performance/noImgElement: remote editorial images of unknown hosts
        <img
          src={article.image_url}
          alt=""
          loading="lazy"
          className={cn("mb-4 w-full rounded-sm object-cover", size === "large" ? "aspect-[16/8]" : "aspect-[16/9]")}
        />
      )}
      <div className="card-labels">
        {label && <Badge variant="destructive">{label}</Badge>}
        {article.sponsored ? (
          <Badge variant="sponsored" data-testid="sponsored-label">
            {t.industryUpdate}
          </Badge>
        ) : (
          <span className="kicker">{t.types[article.type] ?? humanize(article.type)}</span>
        )}
      </div>
      <Heading className={TITLE[size]}>
        {/* The anchor itself, not an island's Link: server pages render this card as static markup. */}
        <LocalizedAnchor href={`/noticias/${article.slug}`} locale={locale} className="article-link">
          {pick(locale, article.title_es, article.title_en)}
        </LocalizedAnchor>
      </Heading>
      {size !== "small" && (
        <p className={cn("card-summary", size === "large" ? "text-lg leading-relaxed" : "text-[0.95rem]")}>
          {pick(locale, article.summary_es, article.summary_en)}
        </p>
      )}
      <div className="card-meta">
        <BylineView piece={article} date={article.date} className="text-xs" texts={t} locale={locale} now={now} />
        <TagList tags={article.tags} max={2} />
      </div>
    </article>
  );
}
