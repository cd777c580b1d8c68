import { useTranslations } from "next-intl";
import { taxonomyLabel, topicBadgeVariant } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";

/** Topic badges with their labels (unknown topics humanised) and SPEC §3 styles; `max` limits the count. */
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

/** Tags as small hashtags; at most `max` (cards show 2). */
export function TagList({ tags, max = 2 }: { tags: string[]; max?: number }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" data-testid="card-tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag}>#{tag}</li>
      ))}
    </ul>
  );
}
