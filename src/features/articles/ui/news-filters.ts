import { DATE_RANGES } from "~/platform/i18n/taxonomy.ts";

/** /noticias filter state as it lives in the URL query (shareable, reloadable). */
export interface NewsFilters {
  topics: string[];
  type: string;
  tags: string[];
  date: "all" | keyof typeof DATE_RANGES;
  sort: "desc" | "asc";
}

const list = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v && v.length <= 60)
    .slice(0, 20);

export function parseFilters(query: URLSearchParams): NewsFilters {
  const date = query.get("fecha");
  return {
    topics: list(query.get("tema")),
    type: query.get("tipo")?.slice(0, 60) || "all",
    tags: list(query.get("etiquetas")),
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

export function hasActiveFilters(f: NewsFilters): boolean {
  return f.topics.length > 0 || f.type !== "all" || f.tags.length > 0 || f.date !== "all";
}
