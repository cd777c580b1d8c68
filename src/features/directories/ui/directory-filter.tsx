"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { usePathname, useRouter } from "~/platform/i18n/navigation.ts";
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
 * shared. The cards are rendered on the server; this only chooses which to show.
 */
export function DirectoryFilter({
  param,
  facetLabel,
  allLabel,
  options,
  items,
  gridClassName,
}: {
  param: string;
  facetLabel: string;
  allLabel: string;
  options: { value: string; label: string }[];
  items: DirectoryItem[];
  gridClassName: string;
}) {
  const t = useTranslations("directory");
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = searchParams.get(param) ?? "all";
  const current = options.some((o) => o.value === raw) ? raw : "all";
  const shown = current === "all" ? items : items.filter((i) => i.values.includes(current));
  const choose = (value: string) => {
    const next = new URLSearchParams(searchParams.toString());
    if (value === "all") next.delete(param);
    else next.set(param, value);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Select
          label={t("filterLabel", { facet: facetLabel })}
          value={current}
          onValueChange={choose}
          options={[{ value: "all", label: allLabel }, ...options]}
          testId="directory-filter"
        />
        <p className="text-sm text-muted" aria-live="polite" data-testid="directory-count">
          {t("count", { count: shown.length })}
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
        <p className="py-10 text-center text-muted">{t("empty")}</p>
      )}
    </div>
  );
}
