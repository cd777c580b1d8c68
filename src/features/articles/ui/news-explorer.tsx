"use client";

import { useSearchParams } from "next/navigation";
import { type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { useLocale } from "~/platform/i18n/link.tsx";
import { fillText, pluralText } from "~/platform/i18n/locales.ts";
import { humanize } from "~/platform/i18n/taxonomy.ts";
import { api, type RouterOutputs } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useHydrated } from "~/ui/use-hydrated.ts";
import { useNow } from "~/ui/use-now.ts";
import { ArticleCardView } from "./article-card-view.tsx";
import type { NewsExplorerTexts } from "./news-explorer-texts.ts";
import { CLEARED, NewsFilterBar } from "./news-filter-bar.tsx";
import { filtersHref, filtersToQuery, type NewsFilters, parseFilters } from "./news-filters.ts";

type Page = RouterOutputs["articles"]["list"];

/** 'Load more' appears only from this many results on (docs/product.md §9); here it really loads the next page. */
const LOAD_MORE_THRESHOLD = 20;
const PAGE_SIZE = 20;

/**
 * /noticias: filter bar, removable chips, sort, count, loading/empty states and paging. The server renders it
 * for `initialFilters` with their first page (the newest 20 on the cached page, the URL's filters on the
 * per-request one), so the list is whole in the HTML and works without JavaScript: the bar is a form, the
 * chips and 'clear' are links. Hydrated, the filters live in the URL query (replaced in place, no server
 * round trip) and the API brings each list. Only UrlQuery reads the URL with useSearchParams, in a Suspense
 * boundary of its own: around the explorer, it made the cached page render the list in the browser only.
 * Texts come from the server (newsExplorerTexts).
 */
export function NewsExplorer({
  basePath,
  initialFilters,
  initialPage,
  tags,
  texts,
  renderedAt,
}: {
  /** The page's own path in its language ("/noticias", "/en/noticias"): where the form and the links go. */
  basePath: string;
  initialFilters: NewsFilters;
  initialPage: Page;
  tags: string[];
  texts: NewsExplorerTexts;
  /** When the server rendered this list (Date.now()): its cards' relative dates are as of then (useNow). */
  renderedAt: number;
}) {
  const t = texts.filters;
  const locale = useLocale();
  const hydrated = useHydrated();
  const now = useNow(renderedAt);
  const [filters, setFilters] = useState(initialFilters);
  const serverQuery = filtersToQuery(initialFilters);

  // The URL's query once the page runs, and whenever Next's router changes it (a link to /noticias, Back):
  // it wins over the filters the server rendered for, when they differ.
  const followUrl = useCallback((search: string) => {
    const fromUrl = parseFilters(new URLSearchParams(search));
    setFilters((current) => (filtersToQuery(current) === filtersToQuery(fromUrl) ? current : fromUrl));
  }, []);

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
      initialData: filtersToQuery(filters) === serverQuery ? { pages: [initialPage], pageParams: [null] } : undefined,
      staleTime: 60_000,
    },
  );

  // Next's router follows history.replaceState (the URL and its hooks) without fetching the page again.
  const update = (patch: Partial<NewsFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    window.history.replaceState(null, "", filtersHref(basePath, next));
  };

  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const chips: { key: string; label: string; without: Partial<NewsFilters> }[] = [
    ...filters.topics.map((v) => ({
      key: `t:${v}`,
      label: texts.topics[v] ?? humanize(v),
      without: { topics: filters.topics.filter((x) => x !== v) },
    })),
    ...(filters.type !== "all"
      ? [{ key: "type", label: texts.cards.types[filters.type] ?? humanize(filters.type), without: { type: "all" } }]
      : []),
    ...(filters.date !== "all" ? [{ key: "date", label: t[filters.date], without: { date: "all" as const } }] : []),
    ...filters.tags.map((v) => ({
      key: `g:${v}`,
      label: `#${v}`,
      without: { tags: filters.tags.filter((x) => x !== v) },
    })),
  ];
  const hrefWithout = (patch: Partial<NewsFilters>) => filtersHref(basePath, { ...filters, ...patch });

  return (
    <div data-testid="news-explorer">
      <Suspense fallback={null}>
        <UrlQuery onChange={followUrl} />
      </Suspense>
      <NewsFilterBar
        filters={filters}
        tags={tags}
        texts={texts}
        basePath={basePath}
        hydrated={hydrated}
        update={update}
      />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {chips.length > 0 ? (
          <ul aria-label={t.active} className="flex flex-wrap gap-2" data-testid="active-chips">
            {chips.map((chip) => (
              <li key={chip.key}>
                <FilterAction
                  hydrated={hydrated}
                  href={hrefWithout(chip.without)}
                  onClick={() => update(chip.without)}
                  aria-label={fillText(t.removeFilter, { label: chip.label })}
                  className="inline-flex items-center gap-2 rounded-full bg-ink px-3 py-1 text-sm text-paper hover:bg-ink/80"
                  data-testid="filter-chip"
                >
                  {chip.label} <span aria-hidden="true">×</span>
                </FilterAction>
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
          <Button asChild className="mt-6">
            <FilterAction
              hydrated={hydrated}
              href={hrefWithout(CLEARED)}
              onClick={() => update(CLEARED)}
              data-testid="clear-all"
            >
              {t.clearAll}
            </FilterAction>
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-x-8 gap-y-10 md:grid-cols-2" data-testid="news-results">
          {items.map((a) => (
            <ArticleCardView key={a.slug} article={a} texts={texts.cards} locale={locale} now={now} />
          ))}
        </div>
      )}

      {/* Loads in the browser: shown once the page runs. */}
      {hydrated && total >= LOAD_MORE_THRESHOLD && query.hasNextPage && (
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

/**
 * Tells the explorer the URL's query as Next's router knows it, rendering nothing. useSearchParams makes Next
 * render a cached page in the browser only, up to the nearest Suspense boundary: this component's own, which
 * holds nothing, so the list stays in the HTML.
 */
function UrlQuery({ onChange }: { onChange: (search: string) => void }) {
  const search = useSearchParams().toString();
  useEffect(() => onChange(search), [search, onChange]);
  return null;
}

/**
 * A change of filters: a button once the page is hydrated; before that (or without JavaScript), a link to the
 * URL the click would make, which the server renders.
 */
function FilterAction({
  hydrated,
  href,
  onClick,
  children,
  ...props
}: {
  hydrated: boolean;
  href: string;
  onClick: () => void;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  "data-testid": string;
}) {
  return hydrated ? (
    <button type="button" onClick={onClick} {...props}>
      {children}
    </button>
  ) : (
    <a href={href} {...props}>
      {children}
    </a>
  );
}
