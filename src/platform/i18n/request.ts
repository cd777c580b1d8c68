import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "./messages.ts";
import { isLocale, routing } from "./routing.ts";

export default getRequestConfig(async ({ requestLocale, locale: explicit }) => {
  // A locale passed explicitly (getTranslations({ locale })) wins: awaiting requestLocale before the page has
  // called setRequestLocale reads the request headers, which a render into Next's cache cannot do.
  const requested = explicit ?? (await requestLocale);
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "Europe/Madrid",
    // Missing in both languages: show the key rather than crash (docs/product.md §4).
    onError: () => {},
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
  };
});
