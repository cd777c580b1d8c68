import { env } from "~/platform/env/env.js";
import { siteOrigin } from "../request-edge/site-origin.js";

/**
 * The public origin of the site, without a trailing slash: SITE_URL, read when the server starts (never
 * baked into the build), or http://localhost:$PORT when unset. Every absolute URL the site publishes
 * (pages' metadata, JSON-LD, feeds, sitemap, robots, the Link header, e-mails) starts with it.
 */
export function siteUrl(): string {
  return siteOrigin(env);
}

/** The production warning for an unset SITE_URL (src/instrumentation.ts logs it once at start). */
export function siteUrlWarning(): string | null {
  if (env.SITE_URL || env.NODE_ENV !== "production") return null;
  return `SITE_URL is not set: links in pages, feeds, the sitemap and e-mails point at ${siteUrl()}. Set SITE_URL to the site's public origin (e.g. https://riesgos-ia.example).`;
}

/** The home page of a language: Spanish at the root, English under /en (next-intl's "as-needed" prefix). */
export function localeHomeUrl(locale: string): string {
  return `${siteUrl()}${locale === "en" ? "/en" : ""}`;
}
