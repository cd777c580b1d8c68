import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "~/features/users/ui/auth-card.tsx";
import { PasswordForm } from "~/features/users/ui/password-form.tsx";
import { getSession } from "~/platform/auth/get-session.ts";
import { redirect } from "~/platform/i18n/navigation.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { ClientTexts } from "~/ui/client-texts.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "auth" });
  return { title: t("changePasswordTitle"), robots: { index: false, follow: false } };
}

/** A signed-in user changes their password; every other session of the account ends. */
export default async function PasswordPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await getSession();
  if (!session) return redirect({ href: { pathname: "/login", query: { callbackUrl: "/password" } }, locale });
  const t = await getTranslations("auth");
  return (
    <AuthCard
      title={t("changePasswordTitle")}
      subtitle={t("changePasswordSubtitle")}
      footer={
        <Link href="/" className="font-semibold text-accent-text underline-offset-4 hover:underline">
          {t("backHome")}
        </Link>
      }
    >
      <ClientTexts namespaces={["auth"]}>
        <PasswordForm />
      </ClientTexts>
    </AuthCard>
  );
}

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
