import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { JsonLd } from "~/ui/page-header.tsx";
import { type NotFoundKind, notFoundView } from "../not-found.ts";
import { notFoundMetadata } from "./not-found-metadata.ts";

type Params = Promise<{ locale: Locale; slug: string }>;
/** What the spec's functions get besides the item: the page's language and slug. */
type ItemContext = { locale: Locale; slug: string };

interface ItemRouteSpec<T> {
  /** The item's kind: the not-found title of a missing slug (`notFound.<kind>`). */
  kind: Exclude<NotFoundKind, "page">;
  /** The item's cached read; null for an unknown or unpublished slug. */
  load: (slug: string) => Promise<T | null>;
  /** The current slug of an item whose slug this one was (a former slug), or null. */
  moved?: (slug: string) => Promise<string | null>;
  metadata: (item: T, ctx: ItemContext) => Metadata | Promise<Metadata>;
  /** The page's schema.org object (NewsArticle, Person…), without `@context`. */
  jsonLd: (item: T, ctx: ItemContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The list the page belongs to: the breadcrumb's target, and the namespace of its `back` label. */
  back: { href: string; namespace: string };
  /** The page's body, inside its <main> after the JSON-LD; `backLink` is the breadcrumb, placed by the page. */
  render: (item: T, ctx: ItemContext & { backLink: ReactNode }) => Promise<ReactNode>;
}

/**
 * An item route (/noticias/[slug], /entrevistas/[slug], /referentes/[slug]): static params, metadata and the
 * page, with the same not-found handling, frame and structured data for every kind.
 */
export function itemRoute<T>(spec: ItemRouteSpec<T>) {
  // None at build (the build has no SITE_URL, and would bake another origin into the pages): each item is
  // rendered into Next's cache on its first request, and rendered again after a write expires its tags.
  async function generateStaticParams() {
    return [];
  }

  /**
   * No item under this slug: a former slug answers a permanent redirect (308) to the item's page, which the
   * proxy once did for every request; any other slug gets the kind's 404 view, answered with status 404 by the
   * cache handler (platform/request-edge/page-status.js), since notFound() here would answer an empty error shell.
   * Only the page redirects: thrown from generateMetadata too, the response carried two Location headers.
   */
  async function redirectIfMoved(locale: Locale, slug: string): Promise<void> {
    const current = await spec.moved?.(slug).catch(() => null);
    if (current) permanentRedirect(`${locale === "en" ? "/en" : ""}${spec.back.href}/${encodeURIComponent(current)}`);
  }

  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    const { locale, slug } = await params;
    // Metadata is resolved before the layout renders: without this, next-intl would read the request's headers,
    // which a page served from Next's cache cannot do.
    setRequestLocale(locale);
    const item = await spec.load(slug);
    if (!item) return notFoundMetadata(locale, spec.kind);
    return spec.metadata(item, { locale, slug });
  }

  // biome-ignore lint/correctness/noComponentHookFactories: a server component without hooks, made once per route module at import time (never during a render).
  async function Page({ params }: { params: Params }) {
    const { locale, slug } = await params;
    setRequestLocale(locale);
    const item = await spec.load(slug);
    if (!item) {
      await redirectIfMoved(locale, slug);
      return <NotFoundView {...notFoundView(spec.kind)} />;
    }
    const ctx = { locale, slug };
    const t = await getTranslations(spec.back.namespace);
    const backLink = (
      <nav aria-label="breadcrumb" className="mb-6 text-sm">
        <Link href={spec.back.href} className="font-semibold text-accent-text hover:underline">
          ← {t("back")}
        </Link>
      </nav>
    );
    const [jsonLd, body] = await Promise.all([spec.jsonLd(item, ctx), spec.render(item, { ...ctx, backLink })]);
    return (
      <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
        <JsonLd data={{ "@context": "https://schema.org", ...jsonLd }} />
        {body}
      </main>
    );
  }

  return { generateStaticParams, generateMetadata, Page };
}
