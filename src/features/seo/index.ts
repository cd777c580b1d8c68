/** What crawlers and share previews see: the sitemap, share cards, JSON-LD and page existence for the 404 proxy. */
export type { NotFoundKind } from "./page-exists.ts";
export { publicItemExists, routeShape } from "./page-exists.ts";
export { shareCard } from "./share-card.ts";
export { sitemapXml } from "./sitemap.ts";
export { authorJsonLd, personSameAs, publisherJsonLd } from "./structured-data.ts";
