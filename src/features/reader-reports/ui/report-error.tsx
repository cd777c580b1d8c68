import type { Locale } from "~/platform/i18n/locales.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { ReportErrorOnOpen } from "./report-error-on-open.tsx";

/**
 * "¿Has visto un error?" below an article (server component): a closed disclosure, so the cached page stays
 * short; the form inside, its code and its texts, arrive when a reader opens it.
 */
export function ReportError({ slug, locale }: { slug: string; locale: Locale }) {
  const t = translatorFor(locale, "readerReports");
  return (
    <section aria-labelledby="report-error" className="mx-auto mt-10 max-w-3xl" data-testid="report-error">
      <details className="rounded-md border border-rule bg-surface p-6">
        <summary className="cursor-pointer">
          <h2 id="report-error" className="inline font-serif text-xl font-bold">
            {t("title")}
          </h2>
        </summary>
        <p className="mt-3 text-sm text-muted">{t("intro")}</p>
        <ReportErrorOnOpen slug={slug} />
      </details>
    </section>
  );
}
