import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { CodeTranslator } from "~/platform/i18n/translator.ts";

/** What a tRPC error carries for the UI (see the error formatter in src/platform/trpc/trpc.ts). */
interface ErrorData {
  code?: string;
  reason?: string | null;
  params?: Record<string, string | number> | null;
}

/**
 * An error as the reader's language says it: the catalog text of its reason, else its code's generic text.
 * Never the server's `message`: that is the REST API's English text, not the reader's language.
 */
export function errorText(t: CodeTranslator, err: unknown): string {
  const data = typeof err === "object" && err && "data" in err ? (err.data as ErrorData | null) : null;
  if (data?.reason && t.has(data.reason)) return t(data.reason, data.params ?? undefined);
  if (data?.code && t.has(`generic.${data.code}`)) return t(`generic.${data.code}`);
  return t("generic.unknown");
}

/** `errorText` bound to the page's language (stable across renders, so effects may depend on it). */
export function useErrorText() {
  const t = useTranslations("errors");
  return useCallback((err: unknown) => errorText(t, err), [t]);
}
