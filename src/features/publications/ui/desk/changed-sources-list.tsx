"use client";

import { useTranslations } from "next-intl";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { adminDate } from "~/ui/dates.ts";

export interface ChangedSource {
  id: string;
  slug: string;
  title: string;
  url: string;
  claims: {
    lang: string;
    kind: string;
    claim: string;
    sentence: string;
    old_passage: string;
    new_passage: string | null;
  }[];
  found_at: Date | string;
}

/**
 * "Fuentes cambiadas": sources whose new text no longer supports a figure or quotation of a published article,
 * the old and new passage side by side, with the article's affected sentences.
 */
export function ChangedSourcesList({
  items,
  loading,
  failed,
  busyId,
  onWriteCorrection,
  onMarkReviewed,
}: {
  items: ChangedSource[];
  loading: boolean;
  failed: boolean;
  busyId: string | null;
  onWriteCorrection: (slug: string) => void;
  onMarkReviewed: (id: string) => void;
}) {
  const t = useTranslations("adminDesk.verification");
  const loadingText = useTranslations("adminPublications")("loading");
  if (loading) return <p className="text-sm text-muted">{loadingText}</p>;
  if (failed) return <p className="text-sm text-muted">{t("changedLoadFailed")}</p>;
  return (
    <section className="space-y-3" data-testid="changed-sources">
      <h3 className="font-serif text-lg font-bold">{t("changedTitle")}</h3>
      {items.length ? (
        <ul className="space-y-3 text-sm">
          {items.map((s) => (
            <li key={s.id} className="space-y-2 rounded-md border border-ink/15 p-3" data-testid="changed-source">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{t("changedBadge")}</Badge>
                <span className="font-semibold">{s.title}</span>
                <span className="text-xs text-muted">{t("changedFound", { when: adminDate(s.found_at) })}</span>
              </div>
              <a href={s.url} target="_blank" rel="noopener noreferrer" className="break-all underline">
                {s.url}
              </a>
              {s.claims.map((c) => (
                <div key={`${c.lang} ${c.claim} ${c.sentence}`} className="space-y-2" data-testid="changed-claim">
                  <p>
                    <span className="font-semibold">{t("changedSentence")}</span> {c.sentence}
                  </p>
                  <div className="grid gap-2 md:grid-cols-2">
                    <blockquote className="rounded-md bg-ink/5 p-2" data-testid="changed-old">
                      <p className="text-xs font-semibold text-muted">{t("changedOld")}</p>
                      {c.old_passage}
                    </blockquote>
                    <blockquote className="rounded-md bg-accent/10 p-2" data-testid="changed-new">
                      <p className="text-xs font-semibold text-muted">{t("changedNew")}</p>
                      {c.new_passage ?? t("changedNoPassage")}
                    </blockquote>
                  </div>
                </div>
              ))}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => onWriteCorrection(s.slug)} data-testid="changed-write-correction">
                  {t("changedWriteCorrection")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busyId === s.id}
                  onClick={() => onMarkReviewed(s.id)}
                  data-testid="changed-mark-reviewed"
                >
                  {t("changedMarkReviewed")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t("changedEmpty")}</p>
      )}
    </section>
  );
}
