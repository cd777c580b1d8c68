"use client";

import { useTranslations } from "next-intl";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { Badge } from "~/ui/badge.tsx";
import { adminDate } from "~/ui/dates.ts";

/** Publicado / Requiere revisión / Draft (docs/product.md §2). */
export function ArticleStatusBadge({
  article,
}: {
  article: Pick<ArticleDto, "status" | "review_required" | "publish_at">;
}) {
  const t = useTranslations("adminPublications.statusBadges");
  const desk = useTranslations("adminDesk.schedule");
  if (article.status === "published") return <Badge variant="default">{t("published")}</Badge>;
  if (article.publish_at)
    return (
      <Badge variant="secondary" data-testid="scheduled-badge">
        {desk("scheduledFor", { when: adminDate(article.publish_at) })}
      </Badge>
    );
  if (article.status === "rejected") return <Badge variant="outline">{t("rejected")}</Badge>;
  if (article.review_required)
    return (
      <Badge variant="destructive" data-testid="review-required">
        {t("review")}
      </Badge>
    );
  return <Badge variant="outline">{t("draft")}</Badge>;
}

/** The first 2 topics (labelled as on the public site) plus a '+N' badge. */
export function TopicBadges({ topics }: { topics: string[] }) {
  const t = useTranslations("taxonomy.topics");
  return (
    <>
      {topics.slice(0, 2).map((topic) => (
        <Badge key={topic} variant="secondary" data-testid="admin-topic-badge">
          {taxonomyLabel(t, topic)}
        </Badge>
      ))}
      {topics.length > 2 ? <Badge variant="outline">+{topics.length - 2}</Badge> : null}
    </>
  );
}

/** The source badge's name: the author without a leading 'Agent: ', or 'Sistema'. */
export const authorLabel = (a: Pick<ArticleDto, "author" | "author_name">, fallback: string) =>
  ((a.author_name ?? "").trim() || (a.author ?? "").trim()).replace(/^agent:\s*/i, "").trim() || fallback;
