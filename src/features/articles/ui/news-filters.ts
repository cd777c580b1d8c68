import { DATE_RANGES } from "~/platform/i18n/taxonomy.ts";

/** /noticias filter state as it lives in the URL query (shareable, reloadable). */
export interface NewsFilters {
  topics: string[];
  type: string;
  tags: string[];
  date: "all" | keyof typeof DATE_RANGES;
  sort: "desc" | "asc";
}

/** The query parameters the filters live in: a /noticias URL with any of them is rendered for its query. */
export const NEWS_FILTER_PARAMS = ["tema", "tipo", "etiquetas", "fecha", "orden"] as const;

export const NO_FILTERS: NewsFilters = { topics: [], type: "all", tags: [], date: "all", sort: "desc" };

/**
 * A list parameter: comma-separated (the links the explorer writes) or repeated (what the filter form sends
 * without JavaScript, one `tema` per ticked topic).
 */
const list = (values: string[]) =>
  [
    ...new Set(
      values
        .flatMap((value) => value.split(","))
        .map((v) => v.trim())
        .filter((v) => v && v.length <= 60),
    ),
  ].slice(0, 20);

export function parseFilters(query: URLSearchParams): NewsFilters {
  const date = query.get("fecha");
  return {
    topics: list(query.getAll("tema")),
    type: query.get("tipo")?.trim().slice(0, 60) || "all",
    tags: list(query.getAll("etiquetas")),
    date: date && date in DATE_RANGES ? (date as NewsFilters["date"]) : "all",
    sort: query.get("orden") === "asc" ? "asc" : "desc",
  };
}

export function filtersToQuery(f: NewsFilters): string {
  const q = new URLSearchParams();
  if (f.topics.length) q.set("tema", f.topics.join(","));
  if (f.type !== "all") q.set("tipo", f.type);
  if (f.tags.length) q.set("etiquetas", f.tags.join(","));
  if (f.date !== "all") q.set("fecha", f.date);
  if (f.sort !== "desc") q.set("orden", f.sort);
  return q.toString();
}

/** The page's URL for these filters: `basePath` ("/noticias", "/en/noticias") and their query, if any. */
export function filtersHref(basePath: string, f: NewsFilters): string {
  const q = filtersToQuery(f);
  return q ? `${basePath}?${q}` : basePath;
}

export function hasActiveFilters(f: NewsFilters): boolean {
  return f.topics.length > 0 || f.type !== "all" || f.tags.length > 0 || f.date !== "all";
}
