import "../reader.css";

import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { HIT_PATH } from "~/features/analytics/index.ts";
import { AnalyticsBeacon } from "~/features/analytics/ui/beacon.tsx";
import { newsMediaOrganizationJsonLd } from "~/features/seo/index.ts";
import { SiteFooter } from "~/features/site/ui/footer.tsx";
import { SiteHeader } from "~/features/site/ui/header.tsx";
import { inter, sourceSerif } from "~/fonts/index.ts";
import { siteUrl } from "~/platform/http/page-metadata.ts";
import { isLocale } from "~/platform/i18n/routing.ts";
import { useTranslations } from "~/platform/i18n/server.ts";
import { HydrationSignal } from "~/ui/hydration-signal.tsx";
import { JsonLd } from "~/ui/page-header.tsx";
import { ToastArea } from "~/ui/toast-area.tsx";

// No page is prerendered at build (which has no SITE_URL): each is rendered into Next's cache on its first
// request (docs/reader-cache.md).
export function generateStaticParams() {
  return [];
}

export const viewport: Viewport = { themeColor: "#fbfaf7", width: "device-width", initialScale: 1 };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : "es", namespace: "site" });
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: `${t("name")}: ${t("tagline")}`, template: `%s · ${t("name")}` },
    description: t("tagline"),
    applicationName: t("name"),
    openGraph: { siteName: t("name"), locale: locale === "en" ? "en_US" : "es_ES", type: "website" },
    twitter: { card: "summary_large_image" },
    alternates: {
      types: {
        "application/rss+xml": [{ url: locale === "en" ? "/en/rss" : "/rss", title: `${t("name")} RSS` }],
      },
    },
  };
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    // The loader of a page whose scripts come on intent marks <html> (data-guest, data-view-sent) before React hydrates it.
    <html lang={locale} className={`${inter.variable} ${sourceSerif.variable}`} suppressHydrationWarning>
      {/* data-view-beacon: where a page whose scripts load on intent reports its view before they do. */}
      <body className="flex min-h-screen flex-col bg-paper font-sans text-ink antialiased" data-view-beacon={HIT_PATH}>
        {/*
          No message catalog and no i18n runtime travel to the browser for the header and footer: their client
          controls get their texts as props from these server components, and link with our own locale-aware
          Link (src/platform/i18n/link.tsx). A page's own island that formats messages in the browser gets its
          texts from ClientTexts (the admin layout its own provider); no tRPC/React Query client (the pages that
          query from the browser wrap their own part in TRPCReactProvider), no next-auth SessionProvider (the
          header asks `auth.me`).
        */}
        <SkipLink />
        {/* The newsroom and its policies, on every page (docs/verification-public.md). */}
        <JsonLd data={newsMediaOrganizationJsonLd(locale)} />
        <SiteHeader />
        <div id="main" className="flex-1">
          {children}
        </div>
        <SiteFooter />
        <ToastArea />
        <AnalyticsBeacon />
        <HydrationSignal />
      </body>
    </html>
  );
}

function SkipLink() {
  const t = useTranslations("site");
  return (
    <a href="#main" className="skip-link">
      {t("skipToContent")}
    </a>
  );
}
