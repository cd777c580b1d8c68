import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { DirectoryPage } from "./directory-page.tsx";

type Props = { params: Promise<{ locale: Locale }> };

interface DirectoryRouteSpec<T> {
  /** Messages namespace holding the page's `title` and `description`. */
  namespace: string;
  path: string;
  /** The facet filter: its query parameter, its label in `filters`, its taxonomy namespace and values. */
  filter: { param: string; label: "type" | "topic"; taxonomy: string; values: readonly string[] };
  gridClassName?: string;
  load: () => Promise<T[]>;
  item: (row: T) => { key: string; values: string[]; node: ReactNode };
}

/** A directory route (Referentes, Empresas, Aplicaciones, Recursos, Entrevistas): metadata and page. */
export function directoryRoute<T>(spec: DirectoryRouteSpec<T>) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale } = await params;
    setRequestLocale(locale); // before any next-intl call: see item-route.tsx
    const t = await getTranslations({ locale, namespace: spec.namespace });
    return pageMetadata({ locale, path: spec.path, title: t("title"), description: t("description") });
  }

  // biome-ignore lint/correctness/noComponentHookFactories: a server component without hooks, made once per route module at import time (never during a render).
  async function Page({ params }: Props) {
    const { locale } = await params;
    setRequestLocale(locale);
    const t = await getTranslations(spec.namespace);
    const f = await getTranslations("filters");
    const labels = await getTranslations(spec.filter.taxonomy);
    const rows = await spec.load();
    return (
      <DirectoryPage
        title={t("title")}
        dek={t("description")}
        filter={{
          param: spec.filter.param,
          facetLabel: f(spec.filter.label),
          allLabel: f("all"),
          options: spec.filter.values.map((v) => ({ value: v, label: taxonomyLabel(labels, v) })),
        }}
        gridClassName={spec.gridClassName}
        items={rows.map(spec.item)}
      />
    );
  }

  return { generateMetadata, Page };
}
