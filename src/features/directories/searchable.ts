import { joined, NO_DATE, type SearchableTable, sameInBoth, translated } from "~/platform/db/searchable-table.ts";

/** The directories in the public search: every row (they are seed-managed and all public). */
export const directoriesSearchable: [
  SearchableTable<"referent">,
  SearchableTable<"company">,
  SearchableTable<"application">,
  SearchableTable<"resource">,
] = [
  {
    kind: "referent",
    table: "referents",
    where: "true",
    title: sameInBoth("name"),
    body: joined(". ", translated("role"), translated("bio")),
    date: NO_DATE,
  },
  {
    kind: "company",
    table: "companies",
    where: "true",
    title: sameInBoth("name"),
    body: translated("summary"),
    date: NO_DATE,
  },
  {
    kind: "application",
    table: "applications",
    where: "true",
    title: sameInBoth("name"),
    body: translated("description"),
    date: NO_DATE,
  },
  {
    kind: "resource",
    table: "resources",
    where: "true",
    title: translated("title"),
    body: translated("summary"),
    date: "date",
  },
];
