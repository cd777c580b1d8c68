import { Suspense } from "react";
import { DirectoryFilter, type DirectoryItem } from "./directory-filter.tsx";
import { PageHeader } from "./page-header.tsx";

/**
 * Layout shared by the directories: masthead, then the filterable grid. Without JavaScript (or while the
 * filter hydrates) every card is shown, server-rendered.
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
  const all = (
    <div className={gridClassName}>
      {items.map((i) => (
        <div key={i.key} className="flex flex-col [&>*]:flex-1">
          {i.node}
        </div>
      ))}
    </div>
  );
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={title} dek={dek} />
      <div className="mt-8">
        <Suspense fallback={all}>
          <DirectoryFilter {...filter} items={items} gridClassName={gridClassName} />
        </Suspense>
      </div>
    </main>
  );
}
