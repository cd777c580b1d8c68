/** Editorial pages (Metodología, Publicidad), the contact and trust settings, read through the cache. */
export { editorialContent } from "./cache.ts";
export { localizeMarkdownLinks, withoutSections } from "./markdown-links.ts";
export { adminTrustRouter } from "./router.ts";
export { publicInterestAutoPublishAllowed } from "./trust-settings.ts";
