"use client";

import { useTranslations } from "next-intl";
import type { ArticleDto } from "~/features/articles/schema.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";
import { ArticleStatusBadge, authorLabel, TopicBadges } from "./article-badges.tsx";

interface RowActions {
  onPreview: (a: ArticleDto) => void;
  onToggleFeatured: (slug: string) => void;
  onToggleStatic: (slug: string) => void;
  onRegenerateImage: (slug: string) => void;
  /** The slug whose action is running (its buttons are disabled). */
  busySlug: string | null;
}

export function ArticleRow({
  article: a,
  firstWeekReaders,
  ...actions
}: { article: ArticleDto; firstWeekReaders?: number } & RowActions) {
  const t = useTranslations("adminPublications");
  const busy = actions.busySlug === a.slug;
  const summary = a.summary_es.length > 100 ? `${a.summary_es.slice(0, 100)}…` : a.summary_es;
  return (
    <li className="rounded-lg border border-ink/15 bg-surface p-4" data-testid="publication-row" data-slug={a.slug}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{a.title_es}</p>
          <p className="text-sm text-muted">{summary}</p>
          <div className="mt-2 flex flex-wrap items-center gap-1 text-xs">
            {a.is_agent ? <Badge variant="destructive">{t("aiBadge")}</Badge> : null}
            <span>{authorLabel(a, t("system"))}</span>
            <span className="text-muted">· {adminDate(a.date)}</span>
            <ArticleStatusBadge article={a} />
            {a.featured ? <Badge variant="secondary">{t("featured")}</Badge> : null}
            <Badge variant="outline">{a.is_static ? t("static") : t("dynamic")}</Badge>
            <TopicBadges topics={a.topics} />
            {firstWeekReaders === undefined ? null : (
              <span className="text-muted" data-testid="publication-first-week-readers">
                · {t("firstWeekReaders", { count: firstWeekReaders })}
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => actions.onPreview(a)} data-testid="publication-preview">
            {t("preview")}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => actions.onToggleFeatured(a.slug)}>
            {a.featured ? t("unfeature") : t("feature")}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => actions.onToggleStatic(a.slug)}>
            {a.is_static ? t("makeDynamic") : t("makeStatic")}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => actions.onRegenerateImage(a.slug)}>
            {t("regenerateImage")}
          </Button>
        </div>
      </div>
    </li>
  );
}
