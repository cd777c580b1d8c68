import { siteUrl as site } from "~/platform/http/site-url.ts";

/** Spanish lives at /, English under /en (next-intl "as-needed" prefix). */
const localePrefix = (locale: string) => (locale === "en" ? "/en" : "");

export const siteUrl = (locale = "es") => `${site()}${localePrefix(locale)}`;
export const confirmUrl = (locale: string, token: string) =>
  `${site()}${localePrefix(locale)}/newsletter/confirmar?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (locale: string, token: string) =>
  `${site()}${localePrefix(locale)}/unsubscribe?token=${encodeURIComponent(token)}`;
/** RFC 8058 target: mail clients POST `List-Unsubscribe=One-Click` here, without any session. */
const oneClickUrl = (token: string) => `${site()}/api/newsletter/one-click?token=${encodeURIComponent(token)}`;
export const itemUrl = (locale: string, kind: "article" | "interview", slug: string) =>
  `${site()}${localePrefix(locale)}/${kind === "article" ? "noticias" : "entrevistas"}/${encodeURIComponent(slug)}`;

/** The headers every newsletter e-mail carries so clients show their own unsubscribe button (RFC 2369/8058). */
export function listUnsubscribeHeaders(token: string, locale: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl(token)}>, <${unsubscribeUrl(locale, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The web version of a sent newsletter, and the archive's list. */
export const archiveUrl = (locale: string, slug: string) =>
  `${site()}${localePrefix(locale)}/newsletter/${encodeURIComponent(slug)}`;
export const archivePath = (slug: string) => `/newsletter/${slug}`;

/** An item's link in the newsletter: through the click counter, which redirects to the item's own page. */
export const clickUrl = (newsletterId: string, index: number, locale: string) =>
  `${site()}/api/newsletter/click/${encodeURIComponent(newsletterId)}/${index}${locale === "en" ? "?lang=en" : ""}`;
