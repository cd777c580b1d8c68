/**
 * Directories (referents, companies, applications, resources): seed-managed, read-only on the site.
 * Pages, the sitemap and share cards read through `directoryContent` (cached).
 */
export { directoryContent } from "./cache.ts";
export { directoriesSearchable } from "./searchable.ts";
