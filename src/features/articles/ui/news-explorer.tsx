"use client";

import { useRouter, useSearchParams } from "next/navigation";
import type { ComponentProps } from "react";
import { useLocale, usePathname } from "~/platform/i18n/link.tsx";
import { fillText, localizedPath, pluralText } from "~/platform/i18n/locales.ts";
import { CONTENT_TYPES, humanize, TOPICS } from "~/platform/i18n/taxonomy.ts";
import { api, type RouterOutputs } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { Select } from "~/ui/select.tsx";
import { ChipToggleGroup } from "~/ui/toggle-group.tsx";
import { ArticleCardView } from "./article-card-view.tsx";
import type { NewsExplorerTexts } from "./news-explorer-texts.ts";
import { filtersToQuery, hasActiveFilters, type NewsFilters, parseFilters } from "./news-filters.ts";

/**
 * The tag filter's resting item, "all" (choosing it clears the tags): an item of its own rather than an empty
 * value, which would put an empty <option> in Radix's hidden native select (an HTML checker error).
 */
const ALL_TAGS = "__all__";

type Page = RouterOutputs["articles"]["list"];

/** 'Load more' appears only from this many results on (docs/product.md §9); here it really loads the next page. */
const LOAD_MORE_THRESHOLD = 20;
const PAGE_SIZE = 20;

/**
 * /noticias with JavaScript: filter bar, removable chips, sort, count, loading/empty states and paging.
 * The filters live in the URL query; the unfiltered first page comes from the server render. The texts come
 * from the server (newsExplorerTexts), so the page needs no message runtime in the browser.
 */
export function NewsExplorer({
  initialPage,
  tags,
  texts,
}: {
  initialPage: Page;
  tags: string[];
  texts: NewsExplorerTexts;
}) {
  const t = texts.filters;
  const topicLabel = (topic: string) => texts.topics[topic] ?? humanize(topic);
  const typeLabel = (type: string) => texts.cards.types[type] ?? humanize(type);
  const locale = useLocale();
  const router = useRouter();
  const pathname = localizedPath(usePathname(), locale);
  const filters = parseFilters(new URLSearchParams(useSearchParams().toString()));
  const isDefault = filtersToQuery(filters) === "";

  const query = api.articles.list.useInfiniteQuery(
    {
      topics: filters.topics,
      type: filters.type,
      tags: filters.tags,
      date: filters.date,
      sort: filters.sort,
      limit: PAGE_SIZE,
    },
    {
      getNextPageParam: (last) => last.nextCursor,
      initialData: isDefault ? { pages: [initialPage], pageParams: [null] } : undefined,
      staleTime: 60_000,
    },
  );

  const update = (patch: Partial<NewsFilters>) => {
    const q = filtersToQuery({ ...filters, ...patch });
    router.replace(q ? `${pathname}?${q}` : pathname, { scroll: false });
  };
  const clearAll = () => update({ topics: [], type: "all", tags: [], date: "all" });

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const chips = [
    ...filters.topics.map((v) => ({
      key: `t:${v}`,
      label: topicLabel(v),
      remove: () => update({ topics: filters.topics.filter((x) => x !== v) }),
    })),
    ...(filters.type !== "all"
      ? [{ key: "type", label: typeLabel(filters.type), remove: () => update({ type: "all" }) }]
      : []),
    ...(filters.date !== "all" ? [{ key: "date", label: t[filters.date], remove: () => update({ date: "all" }) }] : []),
    ...filters.tags.map((v) => ({
      key: `g:${v}`,
      label: `#${v}`,
      remove: () => update({ tags: filters.tags.filter((x) => x !== v) }),
    })),
  ];
  const topicOptions = [...new Set([...TOPICS, ...filters.topics])].map((v) => ({
    value: v,
    label: topicLabel(v),
  }));
  const tagOptions = tags.filter((tag) => !filters.tags.includes(tag)).map((tag) => ({ value: tag, label: `#${tag}` }));

  return (
    <div data-testid="news-explorer">
      <section
        aria-label={t.label}
        className="space-y-5 rounded-md border border-rule bg-surface p-4 md:p-6"
        data-testid="filter-bar"
      >
        <fieldset>
          <legend className="mb-2 text-xs font-bold uppercase tracking-wider">{t.topic}</legend>
          <ChipToggleGroup
            label={t.topic}
            value={filters.topics}
            onValueChange={(topics) => update({ topics })}
            options={topicOptions}
            testId="topic-filter"
          />
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <FilterSelect
            label={t.type}
            value={filters.type}
            onValueChange={(type) => update({ type })}
            options={[
              { value: "all", label: t.anyType },
              ...CONTENT_TYPES.map((v) => ({ value: v, label: typeLabel(v) })),
            ]}
            testId="type-filter"
          />
          <FilterSelect
            label={t.date}
            value={filters.date}
            onValueChange={(date) => update({ date: date as NewsFilters["date"] })}
            options={(["all", "week", "month", "year"] as const).map((v) => ({
              value: v,
              label: v === "all" ? t.anyDate : t[v],
            }))}
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
            options={[
              { value: "desc", label: t.newest },
              { value: "asc", label: t.oldest },
            ]}
            testId="sort"
          />
          {hasActiveFilters(filters) && (
            <Button variant="ghost" onClick={clearAll} data-testid="clear-filters">
              {t.clear}
            </Button>
          )}
        </div>
      </section>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {chips.length > 0 ? (
          <ul aria-label={t.active} className="flex flex-wrap gap-2" data-testid="active-chips">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button
                  type="button"
                  onClick={chip.remove}
                  aria-label={fillText(t.removeFilter, { label: chip.label })}
                  className="inline-flex items-center gap-2 rounded-full bg-ink px-3 py-1 text-sm text-paper hover:bg-ink/80"
                  data-testid="filter-chip"
                >
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <p className="text-sm font-semibold" aria-live="polite" data-testid="result-count">
          {query.isPending ? t.loading : pluralText(t.results, total, locale)}
        </p>
      </div>

      {query.isPending ? (
        <div className="mt-8 grid gap-x-8 gap-y-10 md:grid-cols-2" aria-busy="true" data-testid="news-loading">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-md bg-ink/[0.06]" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div
          className="mt-8 rounded-md border border-dashed border-ink/30 px-6 py-16 text-center"
          data-testid="news-empty"
        >
          <p className="font-serif text-2xl font-bold">{t.empty}</p>
          <p className="mt-2 text-muted">{t.emptyHint}</p>
          <Button className="mt-6" onClick={clearAll} data-testid="clear-all">
            {t.clearAll}
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-x-8 gap-y-10 md:grid-cols-2" data-testid="news-results">
          {items.map((a) => (
            <ArticleCardView key={a.slug} article={a} texts={texts.cards} locale={locale} />
          ))}
        </div>
      )}

      {total >= LOAD_MORE_THRESHOLD && query.hasNextPage && (
        <div className="mt-10 text-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid="load-more"
          >
            {query.isFetchingNextPage ? t.loadingMore : t.loadMore}
          </Button>
        </div>
      )}
    </div>
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
