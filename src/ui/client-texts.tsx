import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages } from "~/platform/i18n/pick-messages.ts";

/**
 * The texts a client island needs, and only those: a client component under it reads these namespaces
 * (sub-trees or single keys, see pickMessages) and nothing else of the catalog, which stays on the server.
 * Locale, time zone and formats come from the request's configuration as usual.
 */
export async function ClientTexts({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={pickMessages(await getMessages(), namespaces)}>{children}</NextIntlClientProvider>
  );
}
