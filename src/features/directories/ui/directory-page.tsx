import { useTranslations } from "next-intl";
import { ClientTexts } from "~/ui/client-texts.tsx";
import { PageHeader } from "~/ui/page-header.tsx";
import { DirectoryFilter, type DirectoryItem } from "./directory-filter.tsx";

/** What the filter and the cards it renders read in the browser. */
const DIRECTORY_TEXTS = [
  "directory",
  "cards",
  "taxonomy.topics",
  "taxonomy.applicationCategories",
  "taxonomy.companyTypes",
  "taxonomy.resourceTypes",
];

/**
 * Layout shared by the directories: masthead, then the filterable grid, server-rendered with every card the
 * query selects (no Suspense fallback copy of the grid: the cards carry ids that search results link to).
 * A visually hidden h2 keeps the outline h1 → h2 → card h3.
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
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={title} dek={dek} />
      <div className="mt-8">
        <h2 className="sr-only">{t("listHeading")}</h2>
        <ClientTexts namespaces={DIRECTORY_TEXTS}>
          <DirectoryFilter {...filter} items={items} gridClassName={gridClassName} />
        </ClientTexts>
      </div>
    </main>
  );
}
