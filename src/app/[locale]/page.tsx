import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "~/i18n/navigation.ts";
import type { Locale } from "~/i18n/routing.ts";
import { publicApi } from "~/trpc/server.tsx";

// Statically generated; revalidated when content changes (and at least every 5 minutes).
export const revalidate = 300;

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");
  const articles = await publicApi.articles.latest({ limit: 4, excludeFeatured: false });
  const pick = (es: string, en: string | null) => (locale === "en" && en ? en : es);
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="font-serif text-4xl font-bold leading-tight md:text-5xl">{t("heroTitle")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">{t("heroSubtitle")}</p>
      <h2 className="mt-12 border-b border-rule pb-2 font-serif text-2xl font-bold">{t("latest")}</h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {articles.map((a) => (
          <li key={a.id} data-testid="article-card">
            <Link href={`/noticias/${a.slug}`} className="font-serif text-xl font-semibold hover:underline">
              {pick(a.title_es, a.title_en)}
            </Link>
            <p className="mt-2 line-clamp-2 text-muted">{pick(a.summary_es, a.summary_en)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
