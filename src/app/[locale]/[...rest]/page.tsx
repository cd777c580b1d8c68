import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { notFoundView } from "~/features/seo/index.ts";
import { notFoundMetadata } from "~/features/seo/ui/not-found-metadata.ts";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";
import { isLocale, type Locale } from "~/platform/i18n/routing.ts";

type Params = Promise<{ locale: string }>;

const localeOf = async (params: Params): Promise<Locale> => {
  const { locale } = await params;
  return isLocale(locale) ? locale : "es";
};

// None at build, like the other reader routes; rendered on every request, as the cache handler never stores a
// 404 (src/platform/request-edge/page-cache-handler.mjs).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await localeOf(params);
  setRequestLocale(locale);
  return notFoundMetadata(locale, "page");
}

/**
 * Any path no other route matches: the localised 'Page Not Found', answered with HTTP 404 by the cache handler
 * (src/platform/request-edge/page-status.js); notFound() here would answer an empty error shell.
 */
export default async function CatchAll({ params }: { params: Params }) {
  setRequestLocale(await localeOf(params));
  return <NotFoundView {...notFoundView("page")} />;
}
