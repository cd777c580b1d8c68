/** Editorial pages (Metodología, Publicidad) and the contact settings: seed-managed, read through the cache. */
export { editorialContent } from "./cache.ts";
export { localizeMarkdownLinks, withoutSections } from "./markdown-links.ts";
