/**
 * Directories (referents, companies, applications, resources): seed-managed, read-only on the site.
 * Pages read through `directoryContent` (cached); build-time params use the uncached `listReferentRefs`.
 */
export { directoryContent } from "./cache.ts";
export { listReferentRefs } from "./reads.ts";
