import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpLink } from "@trpc/client";
import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import superjson from "superjson";

/**
 * An admin component as the browser first draws it, as HTML: the real message catalog of `locale`, and the
 * tRPC and query providers its hooks need (nothing is fetched: the server renders no query). Import it
 * after the env is set up, like the app's modules.
 */
export async function adminRenderer(locale: "es" | "en" = "es") {
  const [{ loadMessages }, { api }] = await Promise.all([
    import("~/platform/i18n/messages.ts"),
    import("~/trpc/react.tsx"),
  ]);
  const messages = await loadMessages(locale);
  return (node: ReactNode) => {
    const queryClient = new QueryClient();
    const trpc = api.createClient({
      links: [httpLink({ url: "http://127.0.0.1:9/api/trpc", transformer: superjson })],
    });
    const intl = { locale, messages, timeZone: "Europe/Madrid" } as ComponentProps<typeof NextIntlClientProvider>;
    const trpcProps = { client: trpc, queryClient } as ComponentProps<typeof api.Provider>;
    return renderToStaticMarkup(
      h(
        NextIntlClientProvider,
        intl,
        h(QueryClientProvider, { client: queryClient }, h(api.Provider, trpcProps, node)),
      ),
    );
  };
}
