import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ComponentType, ReactNode } from "react";
import type { Locale } from "~/platform/i18n/routing.ts";
import { ClientTexts } from "~/ui/client-texts.tsx";

interface TokenPageProps {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ token?: string | string[] }>;
}

/**
 * The two pages a subscriber reaches from a mail link carrying a token (/newsletter/confirmar, /unsubscribe):
 * a title from `namespace`, kept out of search engines (the link is personal), and `Status` acting on the token.
 */
export function tokenPage(
  namespace: "newsletterConfirm" | "unsubscribePage",
  Status: ComponentType<{ token: string }>,
  wrap: (children: ReactNode) => ReactNode = (children) => children,
) {
  async function generateMetadata({ params }: Pick<TokenPageProps, "params">): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace });
    return { title: t("metaTitle"), robots: { index: false, follow: false } };
  }
  async function Page({ params, searchParams }: TokenPageProps) {
    const { locale } = await params;
    setRequestLocale(locale);
    const { token } = await searchParams;
    return wrap(
      <ClientTexts namespaces={[namespace]}>
        <Status token={typeof token === "string" ? token.trim() : ""} />
      </ClientTexts>,
    );
  }
  return { generateMetadata, Page };
}
