import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "~/features/users/ui/auth-card.tsx";
import { LoginForm } from "~/features/users/ui/login-form.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { ClientTexts } from "~/ui/client-texts.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "auth" });
  return { title: t("loginTitle"), robots: { index: false } };
}

export default async function LoginPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("auth");
  const { callbackUrl } = await searchParams;
  return (
    <AuthCard
      title={t("loginTitle")}
      subtitle={t("loginSubtitle")}
      footer={
        <>
          {t("noAccount")}{" "}
          <Link href="/register" className="font-semibold text-accent-text underline-offset-4 hover:underline">
            {t("goRegister")}
          </Link>
        </>
      }
    >
      <ClientTexts namespaces={["auth"]}>
        <LoginForm callbackUrl={typeof callbackUrl === "string" ? callbackUrl : undefined} />
      </ClientTexts>
    </AuthCard>
  );
}

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
