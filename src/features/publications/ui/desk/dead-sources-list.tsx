"use client";

import { useTranslations } from "next-intl";
import { Badge } from "~/ui/badge.tsx";
import { adminDate } from "~/ui/dates.ts";

export interface DeadSource {
  slug: string;
  title: string;
  url: string;
  state: string;
  detail: string | null;
  final_url: string | null;
  checked_at: Date | string | null;
}

/** "Fuentes caídas": the published articles' sources the weekly link check found dead or moved. */
export function DeadSourcesList({
  items,
  loading,
  failed,
}: {
  items: DeadSource[];
  loading: boolean;
  failed: boolean;
}) {
  const t = useTranslations("adminDesk.verification");
  const loadingText = useTranslations("adminPublications")("loading");
  if (loading) return <p className="text-sm text-muted">{loadingText}</p>;
  if (failed) return <p className="text-sm text-muted">{t("deadLoadFailed")}</p>;
  return (
    <section className="space-y-3" data-testid="dead-sources">
      <h3 className="font-serif text-lg font-bold">{t("deadTitle")}</h3>
      {items.length ? (
        <ul className="space-y-2 text-sm">
          {items.map((s) => (
            <li
              key={`${s.slug} ${s.url}`}
              className="rounded-md border border-ink/15 p-3"
              data-testid="dead-source"
              data-state={s.state}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={s.state === "moved" ? "secondary" : "destructive"}>
                  {s.state === "moved" ? t("deadState.moved") : t("deadState.dead")}
                </Badge>
                <span className="font-semibold">{s.title}</span>
                {s.detail ? <span className="text-muted">· {s.detail}</span> : null}
              </div>
              <a href={s.url} target="_blank" rel="noopener noreferrer" className="break-all underline">
                {s.url}
              </a>
              {s.state === "moved" && s.final_url ? (
                <p className="break-all text-muted">
                  {t("deadMovedTo")} {s.final_url}
                </p>
              ) : null}
              {s.checked_at ? (
                <p className="text-xs text-muted">{t("deadChecked", { when: adminDate(s.checked_at) })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t("deadEmpty")}</p>
      )}
    </section>
  );
}
