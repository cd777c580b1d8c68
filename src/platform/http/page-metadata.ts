import type { Metadata } from "next";
import type { Locale } from "~/platform/i18n/routing.ts";
import { truncate } from "../i18n/format.ts";
import { pagePathIn, spanishPagePath } from "../i18n/translated-paths.js";
import { hreflangLink } from "../request-edge/hreflang-link.js";
import { siteUrl } from "./site-url.ts";

export { siteUrl };

/** The brand, the same in both languages: og:site_name, the publisher in JSON-LD. */
export const SITE_NAME = "Riesgos IA";
/** Longest meta description search engines show whole. */
const DESCRIPTION_MAX = 160;

/** Where a page's share card is served: a plain .png path the locale proxy leaves alone (no redirect). */
export function shareCardPath(locale: Locale, path: string): string {
  return `/og/${locale}${path === "/" ? "/home" : path}.png`;
}

export function shareCardUrl(locale: Locale, path: string): string {
  return `${siteUrl()}${shareCardPath(locale, path)}`;
}

/** The public path of a page in a locale: Spanish unprefixed, English under /en (docs/product.md §1). */
function localizedPath(locale: Locale, path: string): string {
  const clean = path === "/" ? "" : path;
  return locale === "en" ? `/en${clean}` : clean || "/";
}

export function absoluteUrl(locale: Locale, path: string): string {
  return `${siteUrl()}${localizedPath(locale, path)}`;
}

/** A page's URL in each language, from its unprefixed path in `locale` (translated paths included). */
function languageUrls(locale: Locale, path: string) {
  const spanish = spanishPagePath(locale, path);
  const es = absoluteUrl("es", spanish);
  return { es, en: absoluteUrl("en", pagePathIn("en", spanish)), "x-default": es };
}

/** Canonical URL plus hreflang alternates (es, en, x-default → Spanish) for a page. */
function alternatesFor(locale: Locale, path: string): Metadata["alternates"] {
  return {
    canonical: absoluteUrl(locale, path),
    languages: languageUrls(locale, path),
    types: { "application/rss+xml": absoluteUrl(locale, "/rss") },
  };
}

/**
 * Per-page metadata: title, description (≤ 160 characters), canonical/hreflang, Open Graph with the site
 * name and the page's 1200 × 630 share card (src/app/og), and the Twitter card. Next replaces the layout's
 * openGraph object with a page's, so everything Open Graph needs is set here. The Twitter card names its kind,
 * image and the image's alt text (validators want twitter:image:alt beside twitter:image); X reads the title
 * and description from Open Graph, and every tag of <head> travels twice (the HTML and the RSC payload).
 */
export function pageMetadata(opts: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  type?: "website" | "article" | "profile";
  /** What the share card shows, for readers who cannot see it (default: the title and the site name). */
  imageAlt?: string;
}): Metadata {
  const description = truncate(opts.description, DESCRIPTION_MAX);
  const image = {
    url: shareCardUrl(opts.locale, opts.path),
    width: 1200,
    height: 630,
    type: "image/png",
    alt: opts.imageAlt ?? `${opts.title} · ${SITE_NAME}`,
  };
  return {
    title: opts.title,
    description,
    alternates: { ...alternatesFor(opts.locale, opts.path) },
    openGraph: {
      title: opts.title,
      description,
      url: absoluteUrl(opts.locale, opts.path),
      siteName: SITE_NAME,
      type: opts.type ?? "website",
      locale: opts.locale === "en" ? "en_US" : "es_ES",
      alternateLocale: opts.locale === "en" ? ["es_ES"] : ["en_US"],
      images: [image],
    },
    twitter: { card: "summary_large_image", images: [{ url: image.url, alt: image.alt }] },
  };
}

/**
 * The HTTP `Link` header of a page (the same hreflang alternates as its HTML): es, en and x-default, from
 * SITE_URL rather than the request's host.
 */
export function hreflangLinkHeader(pathname: string): string {
  return hreflangLink(siteUrl(), pathname);
}
