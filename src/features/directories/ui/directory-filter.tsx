"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { useLocale, usePathname } from "~/platform/i18n/link.tsx";
import { localizedPath, pluralText } from "~/platform/i18n/locales.ts";
import { Select } from "~/ui/select.tsx";

export interface DirectoryItem {
  key: string;
  /** Facet values of the item (topics, type, category…). */
  values: string[];
  /** The server-rendered card. */
  node: ReactNode;
}

/**
 * A directory grid filtered by one facet kept in the URL query (?{param}=value), so filtered views can be
 * shared. The cards are rendered on the server; this only chooses which to show. Its texts come from the
 * server: the select's label, the empty state and the count line (the catalog's plural text, see pluralText).
 */
export function DirectoryFilter({
  param,
  label,
  allLabel,
  options,
  countText,
  emptyText,
  items,
  gridClassName,
}: {
  param: string;
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  countText: string;
  emptyText: string;
  items: DirectoryItem[];
  gridClassName: string;
}) {
  const [searchParams, setSearchParams] = useBrowserQuery();
  const router = useRouter();
  const locale = useLocale();
  const pathname = localizedPath(usePathname(), locale);
  const raw = searchParams.get(param) ?? "all";
  const current = options.some((o) => o.value === raw) ? raw : "all";
  const shown = current === "all" ? items : items.filter((i) => i.values.includes(current));
  const choose = (value: string) => {
    const next = new URLSearchParams(searchParams.toString());
    if (value === "all") next.delete(param);
    else next.set(param, value);
    const query = next.toString();
    setSearchParams(next);
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Select
          label={label}
          value={current}
          onValueChange={choose}
          options={[{ value: "all", label: allLabel }, ...options]}
          testId="directory-filter"
        />
        <p className="text-sm text-muted" aria-live="polite" data-testid="directory-count">
          {pluralText(countText, shown.length, locale)}
        </p>
      </div>
      {shown.length ? (
        <div className={gridClassName}>
          {shown.map((i) => (
            <div key={i.key} className="flex flex-col [&>*]:flex-1">
              {i.node}
            </div>
          ))}
        </div>
      ) : (
        <p className="py-10 text-center text-muted">{emptyText}</p>
      )}
    </div>
  );
}

/**
 * The page's query, read in the browser once it has loaded: the page is one HTML for every query (served from
 * Next's cache, docs/reader-cache.md), so the server renders every card and the filter applies after hydration.
 */
function useBrowserQuery(): [URLSearchParams, (query: URLSearchParams) => void] {
  const [query, setQuery] = useState(() => new URLSearchParams());
  useEffect(() => {
    const read = () => setQuery(new URLSearchParams(window.location.search));
    read();
    window.addEventListener("popstate", read);
    return () => window.removeEventListener("popstate", read);
  }, []);
  return [query, setQuery];
}
