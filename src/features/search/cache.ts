import { db } from "~/platform/db/db.ts";
import { searchContent } from "./search.ts";

/**
 * /buscar's read path. Deliberately not through the data cache: every free-text query (junk included) would
 * add an entry, and results must follow a publish at once; the query bounds its own cost (ranking only the
 * newest matches, snippets for the page returned; see bench/search-scale.ts).
 */
export const siteSearch = {
  results: (input: { q: string; locale: "es" | "en" }) => searchContent(db, input),
};
