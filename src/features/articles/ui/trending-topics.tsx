import { useTranslations } from "~/platform/i18n/server.ts";
import { TRENDING_TOPICS, taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { StaticMarkup } from "~/ui/static-markup/static-markup.tsx";

/** The fixed strip of 6 trending topics with its hard-coded 'updated 2 hours ago' label (docs/product.md §2), as static markup. */
export function TrendingTopics() {
  const t = useTranslations("home");
  const topics = useTranslations("taxonomy.topics");
  return (
    <StaticMarkup
      as="section"
      aria-labelledby="trending"
      className="flex flex-col gap-3 border-b border-rule py-4 md:flex-row md:items-center"
      data-testid="trending-topics"
    >
      <div className="flex shrink-0 items-baseline gap-3">
        <h2 id="trending" className="text-sm font-bold uppercase tracking-wider">
          {t("trending")}
        </h2>
        <span className="text-xs text-muted">{t("trendingUpdated")}</span>
      </div>
      <ul className="flex flex-wrap gap-2">
        {TRENDING_TOPICS.map((topic) => (
          <li key={topic} data-testid="trending-topic" className="topic-chip">
            #{taxonomyLabel(topics, topic)}
          </li>
        ))}
      </ul>
    </StaticMarkup>
  );
}
