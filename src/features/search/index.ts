/** Full-text search over the public content: /buscar reads `siteSearch`; the router serves search.query. */
export { siteSearch } from "./cache.ts";
export { searchRouter } from "./router.ts";
