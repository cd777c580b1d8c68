import { localeHomeUrl, siteUrl as site } from "~/platform/http/site-url.ts";

/** The home of a language (Spanish at /, English under /en); every newsletter link starts from it. */
export const siteUrl = (locale = "es") => localeHomeUrl(locale);
export const confirmUrl = (locale: string, token: string) =>
  `${siteUrl(locale)}/newsletter/confirmar?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (locale: string, token: string) =>
  `${siteUrl(locale)}/unsubscribe?token=${encodeURIComponent(token)}`;
/** RFC 8058 target: mail clients POST `List-Unsubscribe=One-Click` here, without any session. */
const oneClickUrl = (token: string) => `${site()}/api/newsletter/one-click?token=${encodeURIComponent(token)}`;
export const itemUrl = (locale: string, kind: "article" | "interview", slug: string) =>
  `${siteUrl(locale)}/${kind === "article" ? "noticias" : "entrevistas"}/${encodeURIComponent(slug)}`;

/** The headers every newsletter e-mail carries so clients show their own unsubscribe button (RFC 2369/8058). */
export function listUnsubscribeHeaders(token: string, locale: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl(token)}>, <${unsubscribeUrl(locale, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The web version of a sent newsletter, and the archive's list. */
export const archiveUrl = (locale: string, slug: string) => `${siteUrl(locale)}/newsletter/${encodeURIComponent(slug)}`;
export const archivePath = (slug: string) => `/newsletter/${slug}`;

/** An item's link in the newsletter: through the click counter, which redirects to the item's own page. */
export const clickUrl = (newsletterId: string, index: number, locale: string) =>
  `${site()}/api/newsletter/click/${encodeURIComponent(newsletterId)}/${index}${locale === "en" ? "?lang=en" : ""}`;
