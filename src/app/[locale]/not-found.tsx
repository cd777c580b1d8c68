import { getTranslations } from "next-intl/server";
import { Link } from "~/i18n/navigation.ts";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-serif text-4xl font-bold">{t("title")}</h1>
      <p className="mt-4 text-muted">{t("body")}</p>
      <Link href="/" className="mt-8 inline-block underline">
        {t("back")}
      </Link>
    </main>
  );
}
