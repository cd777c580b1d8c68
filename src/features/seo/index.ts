/** What crawlers and share previews see: the sitemap, share cards, JSON-LD and the 404 decision. */
export {
  type NotFoundKind,
  notFoundKind,
  notFoundView,
  publicItemExists,
  routeShape,
} from "./not-found.ts";
export { newsMediaOrganizationJsonLd } from "./organization.ts";
export { shareCard } from "./share-card.ts";
export { sitemapXml } from "./sitemap.ts";
export { articleSchemaType, authorJsonLd, personSameAs, publisherJsonLd } from "./structured-data.ts";
