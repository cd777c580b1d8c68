import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AccessDenied } from "~/features/admin/ui/access-denied.tsx";
import { AdminShell } from "~/features/admin/ui/admin-shell.tsx";
import { sectionFromSlug, sectionPath } from "~/features/admin/ui/sections.ts";
import { getSession } from "~/platform/auth/get-session.ts";
import { redirect } from "~/platform/i18n/navigation.ts";
import type { Locale } from "~/platform/i18n/routing.ts";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "admin" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

/**
 * /admin and /admin/<section>. The gate runs on the server before anything renders: signed out → /login
 * (and back here after signing in); signed in without the admin role → 'Acceso denegado' and home. Every
 * admin procedure enforces the same rule on its own (adminProcedure).
 */
export default async function AdminPage({ params }: { params: Promise<{ locale: Locale; section?: string[] }> }) {
  const { locale, section: parts } = await params;
  setRequestLocale(locale);
  if (parts && parts.length > 1) notFound();
  const section = sectionFromSlug(parts?.[0]);
  if (!section) notFound();

  const session = await getSession();
  if (!session) {
    const back = parts?.[0] ? sectionPath(section) : "/admin";
    return redirect({ href: { pathname: "/login", query: { callbackUrl: back } }, locale });
  }
  if (session.user.role !== "admin") return <AccessDenied />;
  return <AdminShell section={section} username={session.user.username} />;
}

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
