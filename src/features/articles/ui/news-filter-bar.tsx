"use client";

import { type ComponentProps, useLayoutEffect, useRef } from "react";
import { CONTENT_TYPES, humanize, TOPICS } from "~/platform/i18n/taxonomy.ts";
import { Button } from "~/ui/button.tsx";
import { NativeSelect, Select } from "~/ui/select.tsx";
import { ChipCheckboxes, ChipToggleGroup } from "~/ui/toggle-group.tsx";
import type { NewsExplorerTexts } from "./news-explorer-texts.ts";
import { filtersHref, filtersToQuery, hasActiveFilters, type NewsFilters, parseFilters } from "./news-filters.ts";

/**
 * The tag filter's resting item, "all" (choosing it clears the tags): an item of its own rather than an empty
 * value, which would put an empty <option> in Radix's hidden native select (an HTML checker error).
 */
const ALL_TAGS = "__all__";

/** Clearing keeps the sort, as the explorer's 'clear all' does. */
export const CLEARED: Omit<NewsFilters, "sort"> = { topics: [], type: "all", tags: [], date: "all" };

/**
 * /noticias's filter bar: topic, type, date, tags and sort. It is a GET form to the page itself, so in the
 * server's HTML (before the scripts run, or without them) its controls are the browser's own checkboxes and
 * selects and 'Aplicar filtros' sends the choice as the URL's query, which the server renders. Once hydrated
 * (`hydrated`) the same places hold the interactive controls, which filter at once through `update`.
 */
export function NewsFilterBar({
  filters,
  tags,
  texts,
  basePath,
  hydrated,
  update,
}: {
  filters: NewsFilters;
  tags: string[];
  texts: NewsExplorerTexts;
  basePath: string;
  hydrated: boolean;
  update: (patch: Partial<NewsFilters>) => void;
}) {
  const t = texts.filters;
  const form = useRef<HTMLFormElement>(null);
  // A choice made in the browser's own controls before the page hydrated (a reader page's scripts load on the
  // reader's first intent): read in the hydrating commit, while those controls are still in place, so that the
  // interactive ones that replace them start from it rather than from the filters the server rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, in the commit that hydrates the form
  useLayoutEffect(() => {
    if (hydrated || !form.current) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === "string") query.append(name, value);
    const chosen = parseFilters(query);
    if (filtersToQuery(chosen) !== filtersToQuery(filters)) update(chosen);
  }, []);
  const typeLabel = (type: string) => texts.cards.types[type] ?? humanize(type);
  const topicOptions = [...new Set([...TOPICS, ...filters.topics])].map((v) => ({
    value: v,
    label: texts.topics[v] ?? humanize(v),
  }));
  const tagOptions = tags.filter((tag) => !filters.tags.includes(tag)).map((tag) => ({ value: tag, label: `#${tag}` }));
  // A type from the URL that is not one of ours is still shown as chosen (and kept by the form).
  const types = [...new Set<string>([...CONTENT_TYPES, filters.type])].filter((v) => v !== "all");
  const typeOptions = [{ value: "all", label: t.anyType }, ...types.map((v) => ({ value: v, label: typeLabel(v) }))];
  const dateOptions = (["all", "week", "month", "year"] as const).map((v) => ({
    value: v,
    label: v === "all" ? t.anyDate : t[v],
  }));
  const sortOptions = [
    { value: "desc", label: t.newest },
    { value: "asc", label: t.oldest },
  ];

  return (
    <section
      aria-label={t.label}
      className="rounded-md border border-rule bg-surface p-4 md:p-6"
      data-testid="filter-bar"
    >
      {/* Hydrated, every control filters on its own: the form is never sent. */}
      <form ref={form} method="get" action={basePath} onSubmit={(e) => e.preventDefault()} className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-xs font-bold uppercase tracking-wider">{t.topic}</legend>
          {hydrated ? (
            <ChipToggleGroup
              label={t.topic}
              value={filters.topics}
              onValueChange={(topics) => update({ topics })}
              options={topicOptions}
              testId="topic-filter"
            />
          ) : (
            <ChipCheckboxes name="tema" checked={filters.topics} options={topicOptions} />
          )}
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          {hydrated ? (
            <>
              <FilterSelect
                label={t.type}
                value={filters.type}
                onValueChange={(type) => update({ type })}
                options={typeOptions}
                testId="type-filter"
              />
              <FilterSelect
                label={t.date}
                value={filters.date}
                onValueChange={(date) => update({ date: date as NewsFilters["date"] })}
                options={dateOptions}
                testId="date-filter"
              />
              {tagOptions.length > 0 && (
                <FilterSelect
                  label={t.tags}
                  value={ALL_TAGS}
                  onValueChange={(tag) => update({ tags: tag === ALL_TAGS ? [] : [...filters.tags, tag] })}
                  options={[{ value: ALL_TAGS, label: t.all }, ...tagOptions]}
                  testId="tag-filter"
                />
              )}
              <FilterSelect
                label={t.sort}
                value={filters.sort}
                onValueChange={(sort) => update({ sort: sort === "asc" ? "asc" : "desc" })}
                options={sortOptions}
                testId="sort"
              />
            </>
          ) : (
            <>
              <NativeSelect label={t.type} name="tipo" value={filters.type} options={typeOptions} />
              <NativeSelect label={t.date} name="fecha" value={filters.date} options={dateOptions} />
              {/* One field for every chosen tag (comma-separated): its resting option keeps them, each other adds one. */}
              {(tagOptions.length > 0 || filters.tags.length > 0) && (
                <NativeSelect
                  label={t.tags}
                  name="etiquetas"
                  value={filters.tags.join(",")}
                  options={[
                    {
                      value: filters.tags.join(","),
                      label: filters.tags.length ? filters.tags.map((tag) => `#${tag}`).join(", ") : t.all,
                    },
                    ...tagOptions.map((o) => ({ value: [...filters.tags, o.value].join(","), label: o.label })),
                  ]}
                />
              )}
              <NativeSelect label={t.sort} name="orden" value={filters.sort} options={sortOptions} />
              <Button type="submit" variant="outline" data-testid="apply-filters">
                {t.apply}
              </Button>
            </>
          )}
          {hasActiveFilters(filters) &&
            (hydrated ? (
              <Button type="button" variant="ghost" onClick={() => update(CLEARED)} data-testid="clear-filters">
                {t.clear}
              </Button>
            ) : (
              <Button asChild variant="ghost">
                <a href={filtersHref(basePath, { ...filters, ...CLEARED })} data-testid="clear-filters">
                  {t.clear}
                </a>
              </Button>
            ))}
        </div>
      </form>
    </section>
  );
}

/** A filter's select under a visible caption; the select carries the accessible label, so the caption is aria-hidden. */
function FilterSelect(props: ComponentProps<typeof Select>) {
  return (
    <div className="flex flex-col gap-1">
      <span aria-hidden="true" className="text-xs font-bold uppercase tracking-wider">
        {props.label}
      </span>
      <Select {...props} />
    </div>
  );
}
