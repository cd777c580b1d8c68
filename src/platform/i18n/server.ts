import type { useLocale as NextIntlUseLocale, useTranslations as NextIntlUseTranslations } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { use } from "react";
import type { Locale } from "./locales.ts";

/**
 * next-intl's `useTranslations` and `useLocale` for server components, read through `next-intl/server`.
 * Importing the `next-intl` entry itself in a server component also brings its client provider's module
 * into the page's client reference graph, and with it the browser's message runtime (use-intl,
 * intl-messageformat) on every page, whether any client component formats a message or not. Both calls are
 * cached per request by next-intl, so `use` reads the same promise on every render of the request.
 */
export const useTranslations = ((namespace?: string) =>
  use(getTranslations(namespace as Parameters<typeof getTranslations>[0] & string))) as typeof NextIntlUseTranslations;

/** The request's language (see useTranslations above). */
export const useLocale = (() => use(getLocale()) as Locale) as () => ReturnType<typeof NextIntlUseLocale> & Locale;
