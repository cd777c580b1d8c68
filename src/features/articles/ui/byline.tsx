import type { Locale } from "~/platform/i18n/locales.ts";
import { useLocale } from "~/platform/i18n/server.ts";
import { BylineView } from "./byline-view.tsx";
import { cardTexts } from "./card-texts.ts";

/** The byline in a server component, in the request's language (see BylineView). */
export function Byline(props: {
  piece: { author?: string | null; author_name?: string | null; is_agent?: boolean };
  date: Date;
  className?: string;
  authorHref?: string;
}) {
  const locale = useLocale() as Locale;
  return <BylineView {...props} texts={cardTexts(locale)} locale={locale} />;
}
