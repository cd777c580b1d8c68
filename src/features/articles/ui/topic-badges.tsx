import { useTranslations } from "~/platform/i18n/server.ts";
import { taxonomyLabel, topicBadgeVariant } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";

/** Topic badges with their labels (unknown topics humanised) and docs/product.md §3 styles; `max` limits the count. */
export function TopicBadges({ topics, max }: { topics: string[]; max?: number }) {
  const t = useTranslations("taxonomy.topics");
  const shown = max ? topics.slice(0, max) : topics;
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((topic) => (
        <li key={topic}>
          <Badge variant={topicBadgeVariant(topic)}>{taxonomyLabel(t, topic)}</Badge>
        </li>
      ))}
    </ul>
  );
}
