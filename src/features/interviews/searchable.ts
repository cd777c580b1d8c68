import { PUBLISHED_ONLY, type SearchableTable, translated } from "~/platform/db/searchable-table.ts";

/** Interviews in the public search: published ones, by title and introduction. */
export const interviewsSearchable: SearchableTable<"interview"> = {
  kind: "interview",
  table: "interviews",
  where: PUBLISHED_ONLY,
  title: translated("title"),
  body: translated("intro"),
  date: "date",
};
