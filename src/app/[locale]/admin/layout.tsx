import "../../admin.css";

import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { browserMessages } from "~/platform/i18n/messages.ts";
import { TRPCReactProvider } from "~/trpc/react.tsx";

/**
 * The admin panel's client-side needs, kept off the public pages: the tRPC/React Query client and the admin
 * texts (the locale layout only sends the public namespaces to the browser).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={browserMessages(await getMessages(), { admin: true })}>
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </NextIntlClientProvider>
  );
}
