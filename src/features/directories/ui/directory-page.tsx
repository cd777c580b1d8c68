import { useTranslations } from "~/platform/i18n/server.ts";
import { PageHeader } from "~/ui/page-header.tsx";
import { DirectoryFilter, type DirectoryItem } from "./directory-filter.tsx";

/**
 * Layout shared by the directories: masthead, then the filterable grid, server-rendered with every card the
 * query selects (no Suspense fallback copy of the grid: the cards carry ids that search results link to).
 * A visually hidden h2 keeps the outline h1 → h2 → card h3. The filter gets its texts from here as props.
 */
export function DirectoryPage({
  title,
  dek,
  filter,
  items,
  gridClassName = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
}: {
  title: string;
  dek: string;
  filter: { param: string; facetLabel: string; allLabel: string; options: { value: string; label: string }[] };
  items: DirectoryItem[];
  gridClassName?: string;
}) {
  const t = useTranslations("directory");
  const { facetLabel, ...choice } = filter;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={title} dek={dek} />
      <div className="mt-8">
        <h2 className="sr-only">{t("listHeading")}</h2>
        <DirectoryFilter
          {...choice}
          label={t("filterLabel", { facet: facetLabel })}
          countText={String(t.raw("count"))}
          emptyText={t("empty")}
          items={items}
          gridClassName={gridClassName}
        />
      </div>
    </main>
  );
}
