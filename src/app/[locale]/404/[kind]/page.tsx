import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFoundView } from "~/features/seo/index.ts";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";

type Params = Promise<{ locale: Locale; kind: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, kind } = await params;
  const t = await getTranslations({ locale, namespace: "notFound" });
  // Next adds `noindex` itself to every 404 answer.
  return { title: t(notFoundView(kind).title) };
}

/**
 * Every 404 of the public site, rendered on the server inside the site's layout (header, footer, `lang`).
 * The proxy rewrites unknown paths and unknown slugs here with status 404 (request-edge/page-request.ts): Next's own
 * notFound() answers dynamic pages with an empty error shell that only JavaScript fills in.
 */
export default async function NotFoundPage({ params }: { params: Params }) {
  const { locale, kind } = await params;
  setRequestLocale(locale);
  return <NotFoundView {...notFoundView(kind)} />;
}
