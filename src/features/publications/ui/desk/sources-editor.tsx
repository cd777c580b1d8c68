"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { inputClass } from "~/ui/field.tsx";
import { useDebounced } from "~/ui/use-debounced.ts";

export type SourceRow = { name: string; url: string };

/** The article's sources, each with its verdict against the official-source allow-list (checked on the server). */
export function SourcesEditor(props: { sources: SourceRow[]; onChange: (s: SourceRow[]) => void }) {
  const t = useTranslations("adminDesk");
  const sources = useDebounced(props.sources);
  const checked = api.admin.publications.checkSources.useQuery({ sources }, { placeholderData: keepPreviousData });
  const set = (i: number, patch: Partial<SourceRow>) =>
    props.onChange(props.sources.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="space-y-2" data-testid="desk-sources">
      <legend className="text-sm font-semibold">{t("fields.sources")}</legend>
      {props.sources.map((s, i) => {
        const verdict = checked.data?.[i];
        const official = verdict?.url === s.url ? verdict.official : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
          <div key={i} className="flex flex-wrap items-center gap-2" data-testid="desk-source">
            <input
              aria-label={t("fields.sourceName")}
              placeholder={t("fields.sourceName")}
              className={`${inputClass} sm:w-48`}
              value={s.name}
              onChange={(e) => set(i, { name: e.target.value })}
              data-testid={`desk-source-name-${i}`}
            />
            <input
              aria-label={t("fields.sourceUrl")}
              placeholder="https://"
              className={`${inputClass} min-w-0 flex-1`}
              value={s.url}
              onChange={(e) => set(i, { url: e.target.value })}
              data-testid={`desk-source-url-${i}`}
            />
            {official === null ? null : (
              <Badge variant={official ? "default" : "destructive"} data-testid={`desk-source-badge-${i}`}>
                {official ? t("official") : t("unofficial")}
              </Badge>
            )}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => props.onChange(props.sources.filter((_, j) => j !== i))}
            >
              {t("removeSource")}
            </Button>
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => props.onChange([...props.sources, { name: "", url: "" }])}
        data-testid="desk-add-source"
      >
        {t("addSource")}
      </Button>
    </fieldset>
  );
}
