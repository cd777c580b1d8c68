import type { ReactNode } from "react";
import { useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { Button } from "~/ui/button.tsx";

/** Home hero (docs/product.md §2): title, subtitle, explore-news and subscribe calls (the page brings the newsletter's). */
export function HomeHero({ subscribe }: { subscribe: ReactNode }) {
  const t = useTranslations("home");
  return (
    <section className="border-b border-ink/15 py-10 md:py-16" data-testid="home-hero">
      <p className="kicker">{t("heroKicker")}</p>
      <h1 className="mt-4 max-w-4xl font-serif text-4xl font-bold leading-[1.08] tracking-tight text-balance md:text-display">
        {t("heroTitle")}
      </h1>
      <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted md:text-xl">{t("heroSubtitle")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link href="/noticias">{t("exploreNews")}</Link>
        </Button>
        {subscribe}
      </div>
    </section>
  );
}
