import type { Metadata } from "next";
import { env } from "~/env.js";
import type { Locale } from "~/i18n/routing.ts";

/** The public origin (NEXT_PUBLIC_SITE_URL), without a trailing slash. */
export function siteUrl(): string {
  return env.NEXT_PUBLIC_SITE_URL.replace(/\/+$/, "");
}

/** The public path of a page in a locale: Spanish unprefixed, English under /en (SPEC §1). */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === "/" ? "" : path;
  return locale === "en" ? `/en${clean}` : clean || "/";
}

export function absoluteUrl(locale: Locale, path: string): string {
  return `${siteUrl()}${localizedPath(locale, path)}`;
}

/** Canonical URL plus hreflang alternates (es, en, x-default → Spanish) for a page. */
export function alternatesFor(locale: Locale, path: string): Metadata["alternates"] {
  return {
    canonical: absoluteUrl(locale, path),
    languages: { es: absoluteUrl("es", path), en: absoluteUrl("en", path), "x-default": absoluteUrl("es", path) },
    types: { "application/rss+xml": absoluteUrl(locale, "/rss") },
  };
}

/** Per-page metadata: title, description, canonical/hreflang and Open Graph basics. */
export function pageMetadata(opts: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  type?: "website" | "article" | "profile";
}): Metadata {
  return {
    title: opts.title,
    description: opts.description,
    alternates: { ...alternatesFor(opts.locale, opts.path) },
    openGraph: {
      title: opts.title,
      description: opts.description,
      url: absoluteUrl(opts.locale, opts.path),
      type: opts.type ?? "website",
      locale: opts.locale === "en" ? "en_US" : "es_ES",
      alternateLocale: opts.locale === "en" ? ["es_ES"] : ["en_US"],
    },
    twitter: { card: "summary_large_image", title: opts.title, description: opts.description },
  };
}
