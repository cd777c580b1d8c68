import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Locale } from "~/platform/i18n/routing.ts";
import { type NotFoundKind, notFoundView } from "../not-found.ts";

/**
 * The metadata of a 404 view a cached page renders itself (an unknown slug or path): its title, and `noindex`,
 * which Next adds on its own only to responses it knows are 404s while rendering.
 */
export async function notFoundMetadata(locale: Locale, kind: NotFoundKind): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "notFound" });
  return { title: t(notFoundView(kind).title), robots: { index: false } };
}
