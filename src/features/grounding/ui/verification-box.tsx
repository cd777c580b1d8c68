import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { formatDate } from "~/platform/i18n/format.ts";
import { type Locale, localizedPath } from "~/platform/i18n/locales.ts";
import { claimsFor, type PublicVerification } from "../public-verification.ts";

/** Where an article's passages are shown (noindex), in the page's language. */
export const sourcesPath = (slug: string, locale: Locale) => localizedPath(`/noticias/${slug}/fuentes`, locale);

/**
 * "Cómo lo hemos verificado": the report's date, the sources read with the date of each copy, what was
 * checked, and a link per figure or quotation to its passage on /fuentes. Server-rendered plain markup: no client
 * component, so nothing of it travels as JavaScript.
 */
export async function VerificationBox({
  slug,
  locale,
  verification,
  children,
}: {
  slug: string;
  locale: Locale;
  verification: PublicVerification;
  /** Who answers for the article (the desk's responsibility line), under the checks. */
  children?: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: "verificationBox" });
  const { claims, counts } = claimsFor(verification, locale);
  const passages = sourcesPath(slug, locale);
  return (
    <section
      aria-labelledby="verification"
      className="mt-10 rounded-md border border-rule p-6"
      data-testid="verification-box"
    >
      <h2 id="verification" className="font-serif text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-3 text-sm">
        {t("checkedOn", { date: formatDate(verification.checkedAt, locale) })}{" "}
        {t("counts", { figures: counts.figures, quotes: counts.quotes })}
      </p>
      {verification.reviewedAt && (
        <p className="mt-2 text-sm font-semibold" data-testid="verification-reviewed">
          {t("reviewed", { date: formatDate(verification.reviewedAt, locale) })}
        </p>
      )}
      {children}
      <h3 className="mt-4 text-sm font-semibold">{t("sourcesRead")}</h3>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
        {verification.sources.map((s) => (
          // A hidden (unread) source leaves a gap: each keeps the number the body cites.
          <li key={s.n} value={s.n}>
            <a href={s.url} rel="noopener noreferrer" className="text-accent-text underline">
              {s.name}
            </a>{" "}
            · {s.copiedAt ? t("copyOf", { date: formatDate(s.copiedAt, locale) }) : t("notRead")}
          </li>
        ))}
      </ol>
      {claims.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm" data-testid="verification-claims">
          {claims.map((c) => (
            <li key={c.id}>
              {t(c.kind)}: {c.kind === "quote" ? `«${c.claim}»` : c.claim} [{c.n}] ·{" "}
              <a href={`${passages}#${c.id}`} className="text-accent-text underline">
                {t("toPassage")}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm">
        <a href={passages} className="font-semibold text-accent-text underline" data-testid="verification-passages">
          {t("allPassages")}
        </a>
      </p>
      <p className="mt-3 text-xs text-muted">
        {t("limits")}{" "}
        <a href={localizedPath("/metodologia", locale)} className="underline">
          {t("method")}
        </a>
      </p>
    </section>
  );
}
