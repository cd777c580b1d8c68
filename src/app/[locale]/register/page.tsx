import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "~/features/users/ui/auth-card.tsx";
import { RegisterForm } from "~/features/users/ui/register-form.tsx";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { ClientTexts } from "~/ui/client-texts.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "auth" });
  return { title: t("registerTitle"), robots: { index: false } };
}

export default async function RegisterPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("registerTitle")}
      subtitle={t("registerSubtitle")}
      footer={
        <>
          {t("haveAccount")}{" "}
          <Link href="/login" className="font-semibold text-accent-text underline-offset-4 hover:underline">
            {t("goLogin")}
          </Link>
        </>
      }
    >
      <ClientTexts namespaces={["auth"]}>
        <RegisterForm />
      </ClientTexts>
    </AuthCard>
  );
}

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
