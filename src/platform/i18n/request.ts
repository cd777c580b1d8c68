import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "./messages.ts";
import { isLocale, routing } from "./routing.ts";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
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
