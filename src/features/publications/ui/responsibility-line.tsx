import { getTranslations } from "next-intl/server";
import { formatDate } from "~/platform/i18n/format.ts";
import type { Locale } from "~/platform/i18n/locales.ts";
import type { Responsibility } from "../responsibility.ts";

/** The reader's text of who answers for an AI-drafted article (also the JSON-LD disclosure). */
export async function responsibilityText(responsibility: Responsibility, locale: Locale): Promise<string | null> {
  if (!responsibility) return null;
  const t = await getTranslations({ locale, namespace: "trust.responsibility" });
  return responsibility.kind === "reviewed"
    ? t("reviewed", { editor: responsibility.editor, date: formatDate(responsibility.at, locale) })
    : t("unreviewed");
}

/**
 * "Redactado con IA…; revisado y aprobado por {editor}, {fecha}" or "…publicado sin revisión humana…", next to
 * the byline and in the verification box (EU AI Act art. 50(4)). Nothing for pieces no agent drafted.
 */
export async function ResponsibilityLine({
  responsibility,
  locale,
  className,
}: {
  responsibility: Responsibility;
  locale: Locale;
  className?: string;
}) {
  const text = await responsibilityText(responsibility, locale);
  if (!text) return null;
  return (
    <p className={className ?? "text-sm text-muted"} data-testid="responsibility" data-kind={responsibility?.kind}>
      {text}
    </p>
  );
}
