import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { pageMetadata } from "~/platform/http/page-metadata.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { PageHeader } from "~/ui/page-header.tsx";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "servicesPage" });
  return pageMetadata({ locale, path: "/servicios", title: t("title"), description: t("description") });
}

const SERVICES = [
  { id: "formacion", key: "training", popular: false },
  { id: "auditorias", key: "audit", popular: true },
  { id: "contenido-patrocinado", key: "sponsored", popular: false },
] as const;

export default async function ServicesPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("servicesPage");
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14">
      <PageHeader title={t("title")} dek={t("description")} />
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {SERVICES.map((s) => (
          <section
            key={s.id}
            id={s.id}
            data-testid="service-card"
            className={cn(
              "flex scroll-mt-6 flex-col rounded-md border bg-surface p-6",
              s.popular ? "border-accent shadow-[0_0_0_1px_var(--color-accent)]" : "border-rule",
            )}
          >
            {s.popular && (
              <Badge variant="destructive" className="mb-3 self-start">
                {t("mostPopular")}
              </Badge>
            )}
            <h2 className="font-serif text-2xl font-bold">{t(`${s.key}Title`)}</h2>
            <p className="mt-3 flex-1 text-muted">{t(`${s.key}Text`)}</p>
            <p className="mt-6 text-sm text-muted">
              {t("from")} <span className="font-serif text-3xl font-bold text-ink">{t(`${s.key}Price`)}</span>
            </p>
            <Button asChild className="mt-6" variant={s.popular ? "primary" : "outline"}>
              <Link href="/contacto">{t("contactCta")}</Link>
            </Button>
          </section>
        ))}
      </div>
      <section id="colaboraciones" className="mt-12 scroll-mt-6 border-t-2 border-ink pt-6 md:max-w-3xl">
        <h2 className="font-serif text-2xl font-bold">{t("collaborationsTitle")}</h2>
        <p className="mt-3 text-muted">{t("collaborationsText")}</p>
        <p className="mt-3 text-sm font-semibold">{t("responseTime")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/contacto">{t("contactCta")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/metodologia">{t("methodologyCta")}</Link>
          </Button>
        </div>
      </section>
    </main>
  );
}
