/** Editorial pages (Metodología, Publicidad), the contact and trust settings, read through the cache. */
export { editorialContent } from "./cache.ts";
export { localizeMarkdownLinks, withoutSections } from "./markdown-links.ts";
export { FOOTER_POLICIES, POLICIES, POLICIES_PATH, type Policy, policyPath } from "./policies.ts";
export { adminTrustRouter } from "./router.ts";
export { publicInterestAutoPublishAllowed } from "./trust-settings.ts";
export { trustTxt } from "./trust-txt.ts";
