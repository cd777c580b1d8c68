import type { Locale } from "~/platform/i18n/locales.ts";
import { useLocale } from "~/platform/i18n/server.ts";
import { type ArticleCardProps, ArticleCardView } from "./article-card-view.tsx";
import { cardTexts } from "./card-texts.ts";

/** An article card in a server component, in the request's language (see ArticleCardView). */
export function ArticleCard(props: ArticleCardProps) {
  const locale = useLocale() as Locale;
  return <ArticleCardView {...props} texts={cardTexts(locale)} locale={locale} />;
}
